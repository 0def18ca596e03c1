import { ConflictError, NotFoundError } from '../errors/domain-errors.js';

/** Why a delivery that exists cannot start a new round. */
export type RedeliveryRefusal = 'pending' | 'callback-deleted' | 'changed';

/**
 * A redelivery refused by {@link assertRedeliverable} or lost to a concurrent
 * change (docs/api.md#delivery-log): a conflict with the delivery's state, which
 * the HTTP layer answers with 409 and the CLI prints.
 */
export class RedeliveryRefusedError extends ConflictError {
  constructor(
    readonly reason: RedeliveryRefusal,
    readonly deliveryId: number,
  ) {
    super(refusalMessage(reason, deliveryId));
  }
}

/**
 * The one rule for a redelivery, by the app (`POST .../deliveries/{id}/redeliver`)
 * or the operator (`deliveries redeliver`): only a delivery that ended
 * (`failed` or `succeeded`) and whose callback still exists starts a new
 * round (docs/api.md#delivery-log). A cancelled delivery's callback was deleted (its
 * `callback_id` is then null).
 *
 * @throws NotFoundError for no delivery; RedeliveryRefusedError `pending` while
 *   it is being delivered, `callback-deleted` when its callback is gone.
 */
export function assertRedeliverable<T extends { status: string; callbackId: number | null }>(
  id: number,
  delivery: T | null | undefined,
): asserts delivery is T {
  if (!delivery) throw new NotFoundError(`No delivery with id ${id}.`);
  if (delivery.status === 'pending') throw new RedeliveryRefusedError('pending', id);
  if (delivery.status === 'cancelled' || delivery.callbackId === null) throw new RedeliveryRefusedError('callback-deleted', id);
}

function refusalMessage(reason: RedeliveryRefusal, id: number): string {
  switch (reason) {
    case 'pending':
      return `Delivery ${id} is pending: it is being delivered.`;
    case 'callback-deleted':
      return `Delivery ${id} cannot be redelivered: its callback was deleted.`;
    case 'changed':
      return `Delivery ${id} changed meanwhile (it is being delivered); try again.`;
  }
}
