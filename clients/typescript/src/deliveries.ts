import type { components } from './schema.js';
import type { AccountsClient } from './client.js';
import { unwrap } from './unwrap.js';

type Callback = components['schemas']['Callback'];

/**
 * A delivery to one of your callbacks (docs/api.md#delivery-log): status, attempts, last answer. Times are UNIX seconds.
 * List them with `paged(client, '/callback/{event}/deliveries', { path: { event }, query: { status: 'failed' } })`.
 */
export type Delivery = components['schemas']['Delivery'];
/** A delivery with the JSON body it sends (`payload`) and its `attempt_log`, oldest first. */
export type DeliveryDetails = components['schemas']['DeliveryDetails'];
/** One attempt: when, how long, the answer's status, an error, the first 1,024 characters of the answer. */
export type DeliveryAttempt = components['schemas']['DeliveryAttempt'];
/** `pending`, `succeeded`, `failed` (for good) or `cancelled` (callback deleted while pending). */
export type DeliveryStatus = Delivery['status'];
/** An event type apps register callbacks for. */
export type EventType = Callback['event'];

/** One delivery with its payload and attempt log. @throws AccountsApiError 404 when it is not one of yours. */
export function getDelivery(client: AccountsClient, event: EventType, id: string): Promise<DeliveryDetails> {
  return unwrap(client.GET('/callback/{event}/deliveries/{id}', { params: { path: { event, id } } }));
}

/**
 * Sends a failed or succeeded delivery again (same `webhook-id`, fresh retry schedule); resolves to it, pending.
 * @throws AccountsApiError 409 while it is pending or when it was cancelled; 404 when it is not one of yours.
 */
export function redeliver(client: AccountsClient, event: EventType, id: string): Promise<Delivery> {
  return unwrap(client.POST('/callback/{event}/deliveries/{id}/redeliver', { params: { path: { event, id } } }));
}

/** Sends again every failed delivery created at or after `since` (UNIX seconds); resolves to how many, at once. */
export async function recover(client: AccountsClient, event: EventType, since: number): Promise<number> {
  return (await unwrap(client.POST('/callback/{event}/recover', { params: { path: { event } }, body: { since } }))).redelivered;
}

/** Sends a signed test delivery (`X-Callback-Event: ping`) to your callback; resolves to it, pending. @throws AccountsApiError 404 without a callback. */
export function ping(client: AccountsClient, event: EventType): Promise<Delivery> {
  return unwrap(client.POST('/callback/{event}/ping', { params: { path: { event } } }));
}

/** Enables your callback again after it was disabled for failing (then {@link recover} what it held). */
export function enableCallback(client: AccountsClient, event: EventType): Promise<Callback> {
  return unwrap(client.POST('/callback/{event}/enable', { params: { path: { event } } }));
}
