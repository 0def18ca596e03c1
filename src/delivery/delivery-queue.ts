import type { DeliveryEntity } from './delivery.entity.js';

/** The BullMQ queue of deliveries (its keys live under `CALLBACK_QUEUE_PREFIX`). */
export const DELIVERY_QUEUE = 'callback-deliveries';

/** Name of every job on {@link DELIVERY_QUEUE}. */
export const DELIVERY_JOB = 'deliver';

/** A job's data: ids only. The secret, URL and body are read from the database at delivery time (docs/api.md#events). */
export interface DeliveryJobData {
  deliveryId: number;
  round: number;
  /** The app the delivery is for, to hold it to its share of the worker's slots (absent on jobs older than that rule). */
  appId?: number;
}

/**
 * The job id of a delivery round, derived from its row: adding it again (a
 * relay retried after a crash) does not create a second job.
 */
export function deliveryJobId(delivery: Pick<DeliveryEntity, 'id' | 'round'>): string {
  return `delivery-${delivery.id}-${delivery.round}`;
}
