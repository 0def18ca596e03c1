import { Injectable } from '@nestjs/common';

import { PendingDeliveries } from '../callbacks/pending-deliveries.js';
import { DeliveriesRepository } from './deliveries.repository.js';

/** The deliveries side of deleting a callback: {@link PendingDeliveries} on the `deliveries` table. */
@Injectable()
export class CallbackPendingDeliveries extends PendingDeliveries {
  constructor(private readonly repository: DeliveriesRepository) {
    super();
  }

  /** Cancels callback `callbackId`'s pending deliveries (one statement). @returns how many. */
  cancelAll(callbackId: number, now: number): Promise<number> {
    return this.repository.cancelPendingOf(callbackId, now);
  }
}
