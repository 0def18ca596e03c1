import { useState } from 'preact/hooks';

import type { Api, Callback } from './api.js';
import type { Notify } from './notices.js';
import { newWebhookSecret } from './secret.js';

/**
 * Rotates a callback's secret (docs/api.md#secret-rotation): a new `whsec_` secret is made in the browser, set with
 * `PUT /callback/{event}` (URL and rate limit kept), and shown once with a copy button; closing it forgets it.
 */
export function RotateSecret(props: { api: Api; callback: Callback; notify: Notify; onDone: () => void }) {
  const { api, callback, notify, onDone } = props;
  const [secret, setSecret] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<string>();
  const id = `secret-${callback.event}`;

  async function rotate() {
    setBusy(true);
    const fresh = newWebhookSecret();
    try {
      await api.request<Callback>('PUT', `/callback/${callback.event}`, { url: callback.url, secret: fresh });
      setSecret(fresh);
      notify({ kind: 'ok', text: 'Secret rotated. Copy the new secret now: it is not shown again.' });
    } catch (failure) {
      notify({ kind: 'error', text: `Rotate secret: ${(failure as Error).message}` });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret!);
      setCopied('Copied to the clipboard.');
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('The browser refused the clipboard: the secret is selected, copy it with the keyboard.');
    }
  }

  if (secret)
    return (
      <div class="inline-form secret" role="region" aria-label="New secret">
        <label for={id}>New secret (shown once)</label>
        <input id={id} class="mono" readOnly value={secret} />
        <div class="actions">
          <button type="button" onClick={() => void copy()}>
            Copy
          </button>
          <button
            type="button"
            onClick={() => {
              setSecret(undefined);
              onDone();
            }}
          >
            Done, I stored it
          </button>
        </div>
        <p class="note" role="status">
          {copied ??
            'Give it to your receiver. The previous secret keeps signing during the grace period (CALLBACK_SECRET_GRACE, 24 h by default).'}
        </p>
      </div>
    );
  return (
    <div class="inline-form">
      <p>
        A new <code>whsec_</code> secret is generated in this browser and replaces the current one. Deliveries are signed with both until
        the old secret's grace period ends.
      </p>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => void rotate()}>
          Generate and set a new secret
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}
