import type { Admission } from '../deliveries.repository.js';

/** The BullMQ queue of deliveries (its keys live under `CALLBACK_QUEUE_PREFIX`). */
export const DELIVERY_QUEUE = 'callback-deliveries';

/** Name of every job on {@link DELIVERY_QUEUE}. */
export const DELIVERY_JOB = 'deliver';

/** A job's data: ids only. The secret, URL and body are read from the database at delivery time (docs/api.md#events). */
export interface DeliveryJobData {
  deliveryId: number;
  round: number;
  /** The app the delivery is for, to hold it to its share of the worker's slots. */
  appId?: number;
  /** Seconds: the admission the job carries (absent on jobs older than the scheduler); the attempt is skipped if the row no longer holds it. */
  admittedAt?: number;
}

/**
 * The job id of one admission, derived from its row: adding it again (a
 * repair after a crash) does not create a second job, and every admission
 * (a retry, a redelivery) has a new one.
 */
export function deliveryJobId(admission: Pick<Admission, 'id' | 'admittedAt'>): string {
  return `delivery-${admission.id}-${Math.round(admission.admittedAt * 1000)}`;
}

/** A job's data for an admission. */
export function deliveryJobData(admission: Admission): DeliveryJobData {
  return { deliveryId: admission.id, round: admission.round, appId: admission.appId, admittedAt: admission.admittedAt };
}
