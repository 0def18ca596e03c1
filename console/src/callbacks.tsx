import { useEffect, useState } from 'preact/hooks';

import { type Api, ApiError, type Callback, type Delivery, EVENT_TYPES } from './api.js';
import { formatTime } from './format.js';
import type { Notify } from './notices.js';
import { RotateSecret } from './rotate-secret.js';
import { RateLimitForm } from './rate-limit-form.js';

/** The app's callbacks, one `GET /callback/{event}` per event type (404: none registered), with their actions. */
export function CallbacksView({ api, notify, onOpen }: { api: Api; notify: Notify; onOpen: (event: string) => void }) {
  const [callbacks, setCallbacks] = useState<Callback[]>();
  const [error, setError] = useState<string>();

  async function load() {
    try {
      const found = await Promise.all(
        EVENT_TYPES.map((event) =>
          api.request<Callback>('GET', `/callback/${event}`).catch((failure: unknown) => {
            if (failure instanceof ApiError && failure.status === 404) return undefined;
            throw failure;
          }),
        ),
      );
      setCallbacks(found.filter((callback): callback is Callback => callback !== undefined));
      setError(undefined);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  useEffect(() => {
    void load();
  }, [api]);

  if (error)
    return (
      <section aria-labelledby="callbacks-title">
        <h2 id="callbacks-title">Callbacks</h2>
        <p class="error" role="alert">
          {error}
        </p>
        <button type="button" onClick={() => void load()}>
          Try again
        </button>
      </section>
    );
  if (!callbacks) return <p aria-busy="true">Loading callbacks…</p>;
  return (
    <section aria-labelledby="callbacks-title">
      <h2 id="callbacks-title">Callbacks</h2>
      {callbacks.length === 0 ? (
        <EmptyState username={api.username} onCheck={() => void load()} />
      ) : (
        callbacks.map((callback) => (
          <CallbackCard key={callback.id} api={api} callback={callback} notify={notify} onChanged={load} onOpen={onOpen} />
        ))
      )}
    </section>
  );
}

/** What to do when the app has no callback: register one with `PUT /callback/{event}` (docs/api.md#put-callback). */
function EmptyState({ username, onCheck }: { username: string; onCheck: () => void }) {
  const origin = location.origin;
  return (
    <div class="card empty">
      <p>
        <strong>No callback is registered for this app yet.</strong> Register one with the API, giving the URL that receives the events and
        a secret that signs them:
      </p>
      <pre>
        {`curl -u ${username}:$TOKEN -X PUT ${origin}/callback/account_team_update \\
  -H 'content-type: application/json' \\
  -d '{"url": "https://example.com/hooks/accounts", "secret": "whsec_…"}'`}
      </pre>
      <p>
        The API reference is at <a href="/docs">/docs</a>.
      </p>
      <button type="button" onClick={onCheck}>
        Check again
      </button>
    </div>
  );
}

/** The health of a callback in words: disabled, failing since when, or healthy. */
function health(callback: Callback): { label: string; kind: 'ok' | 'warn' | 'bad' } {
  if (callback.disabled) return { label: `Disabled since ${formatTime(callback.disabled_at)}`, kind: 'bad' };
  if (callback.failing_since !== null) return { label: `Failing since ${formatTime(callback.failing_since)}`, kind: 'warn' };
  return { label: 'Healthy', kind: 'ok' };
}

function CallbackCard(props: {
  api: Api;
  callback: Callback;
  notify: Notify;
  onChanged: () => Promise<void>;
  onOpen: (event: string) => void;
}) {
  const { api, callback, notify, onChanged, onOpen } = props;
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<'rate' | 'rotate'>();
  const state = health(callback);
  const titleId = `callback-${callback.event}`;

  async function act(label: string, run: () => Promise<string>) {
    setBusy(true);
    try {
      notify({ kind: 'ok', text: await run() });
    } catch (failure) {
      notify({ kind: 'error', text: `${label}: ${(failure as Error).message}` });
    } finally {
      setBusy(false);
    }
    // Read again after a failure too: the callback may have changed or gone meanwhile.
    await onChanged();
  }

  return (
    <article class="card" aria-labelledby={titleId}>
      <h3 id={titleId}>{callback.event}</h3>
      <dl class="facts">
        <dt>URL</dt>
        <dd class="mono">{callback.url}</dd>
        <dt>Health</dt>
        <dd>
          <span class={`badge ${state.kind}`}>{state.label}</span>
        </dd>
        <dt>Last success</dt>
        <dd>{formatTime(callback.last_success_at)}</dd>
        <dt>Rate limit</dt>
        <dd>{callback.rate_limit === null ? 'none' : `${callback.rate_limit} attempts per second`}</dd>
      </dl>
      <div class="actions">
        <button type="button" onClick={() => onOpen(callback.event)}>
          Deliveries
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void act('Ping', async () => {
              const delivery = await api.request<Delivery>('POST', `/callback/${callback.event}/ping`);
              return `Ping recorded as delivery ${delivery.id} (${delivery.status}).`;
            })
          }
        >
          Ping
        </button>
        {(callback.disabled || callback.failing_since !== null) && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act('Enable', async () => {
                await api.request<Callback>('POST', `/callback/${callback.event}/enable`);
                return `The ${callback.event} callback is enabled. Deliveries held while it was disabled stay failed: recover them from its deliveries.`;
              })
            }
          >
            Enable
          </button>
        )}
        <button type="button" aria-expanded={editing === 'rate'} onClick={() => setEditing(editing === 'rate' ? undefined : 'rate')}>
          Set rate limit
        </button>
        <button type="button" aria-expanded={editing === 'rotate'} onClick={() => setEditing(editing === 'rotate' ? undefined : 'rotate')}>
          Rotate secret
        </button>
      </div>
      {editing === 'rate' && (
        <RateLimitForm
          api={api}
          callback={callback}
          notify={notify}
          onDone={async () => {
            setEditing(undefined);
            await onChanged();
          }}
        />
      )}
      {editing === 'rotate' && <RotateSecret api={api} callback={callback} notify={notify} onDone={() => setEditing(undefined)} />}
    </article>
  );
}
