/**
 * What deleting a callback needs from the `deliveries` table's owner
 * (docs/architecture.md#tables). delivery/ imports callbacks/, so callbacks/
 * declares this port and delivery/ provides it (`DeliveryStoreModule`, a
 * global module): the imports keep running one way.
 */
export abstract class PendingDeliveries {
  /**
   * Cancels callback `callbackId`'s pending deliveries (one statement, in the
   * current transaction, docs/api.md#delivery-log): status `cancelled`, no
   * next attempt, none admitted. `now` in seconds.
   * @returns how many.
   */
  abstract cancelAll(callbackId: number, now: number): Promise<number>;
}
