import { useEffect, useRef, useState } from 'preact/hooks';

import { type Api, DELIVERY_STATUSES, type DeliveryPage } from './api.js';
import { DeliveryDetailsView } from './delivery-details.js';
import { formatTime } from './format.js';
import type { Notify } from './notices.js';
import { RecoverForm } from './recover-form.js';

/** How often the open page is read again, so new deliveries and changed statuses appear without a reload (ms). */
const REFRESH_MS = 2000;
const PER_PAGE = 20;

/**
 * A callback's deliveries, newest first (docs/api.md#get-deliveries): filtered by status and by account id, one page at
 * a time, read again every {@link REFRESH_MS}. Older pages are read after the last delivery shown (`starting_after`), so
 * deliveries recorded meanwhile never shift them; the newest page shows new ones as they come. A delivery opens its
 * details; failed ones can be recovered since a time.
 */
export function DeliveriesView(props: { api: Api; event: string; notify: Notify; onBack: () => void }) {
  const { api, event, notify, onBack } = props;
  const [status, setStatus] = useState('');
  const [account, setAccount] = useState('');
  /** The cursors of the pages opened by Older, oldest last: the open page follows the last one (none: the newest page). */
  const [cursors, setCursors] = useState<string[]>([]);
  const [list, setList] = useState<DeliveryPage>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let stopped = false;
    const cursor = cursors.at(-1);
    const query = new URLSearchParams({
      per_page: String(PER_PAGE),
      ...(cursor ? { starting_after: cursor } : {}),
      ...(status ? { status } : {}),
      ...(account ? { account } : {}),
    });
    const read = async () => {
      try {
        const answer = await api.request<DeliveryPage>('GET', `/callback/${event}/deliveries?${query}`);
        if (!stopped) {
          setList(answer);
          setError(undefined);
        }
      } catch (failure) {
        if (!stopped) setError((failure as Error).message);
      }
    };
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, event, status, account, cursors]);

  return (
    <section aria-labelledby="deliveries-title">
      <p>
        <button type="button" class="link" onClick={onBack}>
          ← Callbacks
        </button>
      </p>
      <h2 id="deliveries-title" tabIndex={-1} ref={heading}>
        Deliveries of {event}
      </h2>
      <div class="toolbar">
        <label for="status-filter">Status</label>
        <select
          id="status-filter"
          value={status}
          onChange={(change) => {
            setStatus((change.currentTarget as HTMLSelectElement).value);
            setCursors([]);
            setList(undefined);
          }}
        >
          <option value="">all</option>
          {DELIVERY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <label for="account-filter">Account id</label>
        <input
          id="account-filter"
          inputMode="numeric"
          autoComplete="off"
          placeholder="any"
          value={account}
          onChange={(change) => {
            setAccount((change.currentTarget as HTMLInputElement).value.trim());
            setCursors([]);
            setList(undefined);
          }}
        />
        <span class="note" aria-live="polite">
          {list ? `${list.results} ${list.results === 1 ? 'delivery' : 'deliveries'}, refreshed every ${REFRESH_MS / 1000} s` : ''}
        </span>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {list && list.results === 0 && (
        <p class="card empty">
          No deliveries{status ? ` with status ${status}` : ''}
          {account ? ` about account ${account}` : ''} yet. Each event the app's callback is registered for makes one; Ping on the callbacks
          page makes a test delivery.
        </p>
      )}
      {list && list.data.length > 0 && (
        <table>
          <caption class="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Delivery</th>
              <th scope="col">Created</th>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Next attempt</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((delivery) => (
              <tr key={delivery.id} class={open === delivery.id ? 'selected' : undefined}>
                <td>
                  <button type="button" class="link" aria-label={`Delivery ${delivery.id}: details`} onClick={() => setOpen(delivery.id)}>
                    {delivery.id}
                  </button>
                </td>
                <td>{formatTime(delivery.created_at)}</td>
                <td>{delivery.event}</td>
                <td>
                  <span class={`badge ${delivery.status}`}>{delivery.status}</span>
                </td>
                <td>{delivery.attempts}</td>
                <td>{delivery.last_error ?? (delivery.last_response_status === null ? '—' : `HTTP ${delivery.last_response_status}`)}</td>
                <td>{formatTime(delivery.next_attempt_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list && (cursors.length > 0 || list.has_more) && (
        <nav class="pager" aria-label="Pages of deliveries">
          <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </button>
          <span>
            Page {cursors.length + 1} of {list.pages}
          </span>
          <button
            type="button"
            disabled={!list.has_more || list.data.length === 0}
            onClick={() => setCursors([...cursors, list.data[list.data.length - 1].id])}
          >
            Older
          </button>
        </nav>
      )}
      {open && <DeliveryDetailsView key={open} api={api} event={event} id={open} notify={notify} onClose={() => setOpen(undefined)} />}
      <RecoverForm api={api} event={event} notify={notify} />
    </section>
  );
}
