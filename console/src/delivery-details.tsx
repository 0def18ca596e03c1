import { useEffect, useRef, useState } from 'preact/hooks';

import type { Api, Delivery, DeliveryDetails } from './api.js';
import { formatTime } from './format.js';
import type { Notify } from './notices.js';

/** How often a pending delivery is read again (ms), so its outcome appears on its own. */
const PENDING_REFRESH_MS = 1000;

/**
 * One delivery (docs/api.md#get-delivery): its fields, attempts (time, status, duration, error) and payload, with
 * Redeliver for a failed or succeeded one (docs/api.md#redeliver).
 */
export function DeliveryDetailsView(props: { api: Api; event: string; id: string; notify: Notify; onClose: () => void }) {
  const { api, event, id, notify, onClose } = props;
  const [details, setDetails] = useState<DeliveryDetails>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const path = `/callback/${event}/deliveries/${id}`;

  async function load() {
    try {
      setDetails(await api.request<DeliveryDetails>('GET', path));
      setError(undefined);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  useEffect(() => {
    void load().then(() => heading.current?.focus());
  }, [id]);

  useEffect(() => {
    if (details?.status !== 'pending') return;
    const timer = setTimeout(() => void load(), PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [details]);

  async function redeliver() {
    setBusy(true);
    try {
      const delivery = await api.request<Delivery>('POST', `${path}/redeliver`);
      notify({ kind: 'ok', text: `Delivery ${delivery.id} is queued again (${delivery.status}).` });
      await load();
    } catch (failure) {
      notify({ kind: 'error', text: `Redeliver: ${(failure as Error).message}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card details" aria-labelledby="details-title">
      <h3 id="details-title" tabIndex={-1} ref={heading}>
        Delivery {id}
      </h3>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {details && (
        <>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <span class={`badge ${details.status}`}>{details.status}</span>
            </dd>
            <dt>Event</dt>
            <dd>{details.event}</dd>
            <dt>webhook-id</dt>
            <dd class="mono">{details.webhook_id}</dd>
            <dt>Created</dt>
            <dd>{formatTime(details.created_at)}</dd>
            <dt>URL</dt>
            <dd class="mono">{details.url}</dd>
            <dt>Next attempt</dt>
            <dd>{formatTime(details.next_attempt_at)}</dd>
          </dl>
          <div class="actions">
            <button
              type="button"
              disabled={busy || (details.status !== 'failed' && details.status !== 'succeeded')}
              onClick={() => void redeliver()}
            >
              Redeliver
            </button>
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
          <h4>Attempts</h4>
          {details.attempt_log.length === 0 ? (
            <p>No attempt yet.</p>
          ) : (
            <table>
              <caption class="visually-hidden">Attempts of delivery {id}, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Time</th>
                  <th scope="col">Status</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {details.attempt_log.map((attempt) => (
                  <tr key={attempt.attempt}>
                    <td>{attempt.attempt}</td>
                    <td>{formatTime(attempt.at)}</td>
                    <td>{attempt.response_status ?? '—'}</td>
                    <td>{attempt.duration_ms} ms</td>
                    <td>{attempt.error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h4>Payload</h4>
          <pre class="payload" tabIndex={0} aria-label="Payload">
            {JSON.stringify(details.payload, null, 2)}
          </pre>
        </>
      )}
    </section>
  );
}
