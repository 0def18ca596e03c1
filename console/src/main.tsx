import { render } from 'preact';
import { useState } from 'preact/hooks';

import type { Api } from './api.js';
import { CallbacksView } from './callbacks.js';
import { DeliveriesView } from './deliveries.js';
import type { Notice } from './notices.js';
import { SignIn } from './sign-in.js';

/**
 * The console (docs/console.md): sign-in, then the app's callbacks and a callback's deliveries. The credentials live
 * in `session` alone; signing out drops it, and with it everything read.
 */
function Console() {
  const [session, setSession] = useState<{ api: Api; name: string }>();
  const [event, setEvent] = useState<string>();
  const [notice, setNotice] = useState<Notice>();

  if (!session)
    return (
      <SignIn
        onSignedIn={(api, name) => {
          setSession({ api, name });
          setNotice(undefined);
        }}
      />
    );
  return (
    <>
      <header class="bar">
        <span class="brand">Callbacks console</span>
        <span>
          Signed in as <strong>{session.name}</strong> ({session.api.username})
        </span>
        <button
          type="button"
          onClick={() => {
            setSession(undefined);
            setEvent(undefined);
            setNotice(undefined);
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main">
        <div class={notice ? `notice ${notice.kind}` : 'notice'} role="status" aria-live="polite">
          {notice?.text}
        </div>
        {event ? (
          <DeliveriesView api={session.api} event={event} notify={setNotice} onBack={() => setEvent(undefined)} />
        ) : (
          <CallbacksView api={session.api} notify={setNotice} onOpen={setEvent} />
        )}
      </main>
    </>
  );
}

const root = document.getElementById('root')!;
root.textContent = '';
render(<Console />, root);
