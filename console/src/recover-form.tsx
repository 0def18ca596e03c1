import { useState } from 'preact/hooks';

import type { Api, DeliveryPage } from './api.js';
import { formatTime, parseUtcInput } from './format.js';
import type { Notify } from './notices.js';

/**
 * Recover (docs/api.md#recover): the failed deliveries created since a time are counted first
 * (`GET .../deliveries?status=failed&since=`), and sent again only once the developer confirms that count.
 */
export function RecoverForm({ api, event, notify }: { api: Api; event: string; notify: Notify }) {
  const [pending, setPending] = useState<{ since: number; count: number }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function count(submit: SubmitEvent) {
    submit.preventDefault();
    const since = parseUtcInput(String(new FormData(submit.currentTarget as HTMLFormElement).get('since') ?? ''));
    if (since === undefined) {
      setError('Give a date and time.');
      return;
    }
    setBusy(true);
    try {
      const page = await api.request<DeliveryPage>('GET', `/callback/${event}/deliveries?status=failed&per_page=1&since=${since}`);
      setPending({ since, count: page.results });
      setError(undefined);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    setBusy(true);
    try {
      const answer = await api.request<{ redelivered: number }>('POST', `/callback/${event}/recover`, { since: pending!.since });
      notify({ kind: 'ok', text: `Recover: ${answer.redelivered} failed deliveries are being sent again.` });
      setPending(undefined);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="recover-title">
      <h3 id="recover-title">Recover failed deliveries</h3>
      <form class="inline-form" onSubmit={count}>
        <label for="recover-since">Failed deliveries created since (UTC)</label>
        <input id="recover-since" name="since" type="datetime-local" step={1} required />
        <button type="submit" disabled={busy}>
          Count them
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {pending && (
        <div class="confirm" role="group" aria-label="Confirm recover">
          <p role="status">
            {pending.count === 0
              ? `No failed delivery was created since ${formatTime(pending.since)}.`
              : `${pending.count} failed ${pending.count === 1 ? 'delivery was' : 'deliveries were'} created since ${formatTime(pending.since)}.`}
          </p>
          <div class="actions">
            <button type="button" disabled={busy || pending.count === 0} onClick={() => void send()}>
              Send {pending.count} again
            </button>
            <button type="button" onClick={() => setPending(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
