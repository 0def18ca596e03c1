/**
 * Where a delivery stands (docs/api.md#events):
 * - `pending`: waiting for its first attempt or a retry;
 * - `succeeded`: the receiver answered 2xx;
 * - `failed`: a final failure (a status that is not retried, the retry
 *   schedule exhausted, or a refused address); kept for operators to redeliver;
 * - `cancelled`: the callback was deleted before delivery.
 */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/** One of {@link DELIVERY_STATUSES}. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** `last_error` of a delivery held because its callback is disabled (docs/api.md#delivery-log); `recover` sends it later. */
export const CALLBACK_DISABLED = 'callback disabled';

/** `last_error` of a delivery cancelled because its callback was deleted while it was pending (docs/api.md#delivery-log). */
export const CALLBACK_DELETED = 'The callback was deleted before delivery.';
