import type { Transactions } from '../../database/transactions.js';
import type { DeliveriesRepository } from '../deliveries.repository.js';
import type { DeliveryStatus } from '../delivery-status.js';

/** Deliveries deleted per transaction when pruning: a batch's locks and undo stay small whatever the table holds. */
export const PRUNE_BATCH = 1_000;

/**
 * Deletes the deliveries in `statuses` last changed before `cutoff` (seconds),
 * with their attempt logs (docs/api.md#delivery-log: `DELIVERY_RETENTION`;
 * the CLI's `deliveries prune`), oldest first in batches of
 * {@link PRUNE_BATCH}: each batch's ids are read without locks, then deleted
 * by primary key in a transaction of their own. So a prune locks at most a
 * batch of rows at a time, never every finished row it looks at, and stops
 * after a short batch. @returns how many were deleted.
 */
export async function deleteFinishedDeliveries(
  deliveries: DeliveriesRepository,
  transactions: Transactions,
  statuses: readonly DeliveryStatus[],
  cutoff: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = await deliveries.findFinishedBefore(statuses, cutoff, PRUNE_BATCH);
    if (ids.length > 0) deleted += await transactions.run(() => deliveries.deleteFinished(ids, statuses, cutoff));
    if (ids.length < PRUNE_BATCH) return deleted;
  }
}
