import { useState } from 'preact/hooks';

import type { Api, Callback } from './api.js';
import type { Notify } from './notices.js';

/**
 * Sets a callback's `rate_limit` (docs/api.md#put-callback): `PUT /callback/{event}` takes the URL and the secret with
 * every change, so the form asks for the current secret (the same secret starts no rotation).
 */
export function RateLimitForm(props: { api: Api; callback: Callback; notify: Notify; onDone: () => Promise<void> }) {
  const { api, callback, notify, onDone } = props;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const prefix = `rate-${callback.event}`;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const raw = String(data.get('rate_limit') ?? '').trim();
    const rateLimit = raw === '' ? null : Number(raw);
    if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 1 || rateLimit > 10_000)) {
      setError('The rate limit is a whole number of attempts per second from 1 to 10,000, or empty for none.');
      return;
    }
    setBusy(true);
    try {
      await api.request<Callback>('PUT', `/callback/${callback.event}`, {
        url: callback.url,
        secret: String(data.get('secret') ?? ''),
        rate_limit: rateLimit,
      });
      form.reset();
      notify({ kind: 'ok', text: rateLimit === null ? 'Rate limit removed.' : `Rate limit set to ${rateLimit} attempts per second.` });
      await onDone();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="inline-form" onSubmit={submit}>
      <label for={`${prefix}-limit`}>Attempts per second (empty: no limit)</label>
      <input
        id={`${prefix}-limit`}
        name="rate_limit"
        type="number"
        min={1}
        max={10000}
        step={1}
        defaultValue={callback.rate_limit === null ? '' : String(callback.rate_limit)}
      />
      <label for={`${prefix}-secret`}>Current secret</label>
      <input id={`${prefix}-secret`} name="secret" type="password" autocomplete="off" required aria-describedby={`${prefix}-note`} />
      <p id={`${prefix}-note`} class="note">
        The API takes the callback's secret with every change; give the current one to keep it.
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Save rate limit
      </button>
    </form>
  );
}
