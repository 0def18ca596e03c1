/** Why a delivery cannot start a new round. */
export type RedeliveryRefusal = 'not-found' | 'pending' | 'callback-deleted' | 'changed';

/**
 * A redelivery refused by {@link assertRedeliverable} or lost to a concurrent
 * change (docs/api.md#delivery-log): the domain's error, which the HTTP layer
 * answers with 404 (`not-found`) or 409 (the others) and the CLI prints.
 */
export class RedeliveryRefusedError extends Error {
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
 * @throws RedeliveryRefusedError `not-found` for no delivery, `pending` while
 *   it is being delivered, `callback-deleted` when its callback is gone.
 */
export function assertRedeliverable<T extends { status: string; callbackId: number | null }>(
  id: number,
  delivery: T | null | undefined,
): asserts delivery is T {
  if (!delivery) throw new RedeliveryRefusedError('not-found', id);
  if (delivery.status === 'pending') throw new RedeliveryRefusedError('pending', id);
  if (delivery.status === 'cancelled' || delivery.callbackId === null) throw new RedeliveryRefusedError('callback-deleted', id);
}

function refusalMessage(reason: RedeliveryRefusal, id: number): string {
  switch (reason) {
    case 'not-found':
      return `No delivery with id ${id}.`;
    case 'pending':
      return `Delivery ${id} is pending: it is being delivered.`;
    case 'callback-deleted':
      return `Delivery ${id} cannot be redelivered: its callback was deleted.`;
    case 'changed':
      return `Delivery ${id} changed meanwhile (it is being delivered); try again.`;
  }
}
