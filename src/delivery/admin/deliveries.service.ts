import { Inject, Injectable } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { Transactions } from '../../database/transactions.js';
import { DELIVERY_OUTBOX, type DeliveryOutbox } from '../../events/delivery-outbox.js';
import { DeliveriesRepository, EVENT_REFERENCES } from '../deliveries.repository.js';
import type { DeliveryStatus } from '../delivery-status.js';
import { RedeliveryRefusedError, assertRedeliverable } from '../redelivery.js';
import { deleteFinishedDeliveries } from './finished-deliveries.js';

/** Operators' steering of deliveries (docs/api.md#events: failed ones are kept to redeliver); they list them through the apps' log builder (`cli/deliveries.command.ts`). */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly deliveries: DeliveriesRepository,
    @Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Deletes finished deliveries last changed before `olderThanSeconds` ago
   * (succeeded and cancelled ones; failed ones too when `includeFailed`), then
   * the relayed events no delivery refers to any more. The deliveries go in
   * batches, each its own transaction ({@link deleteFinishedDeliveries}).
   *
   * @returns how many deliveries and events were deleted.
   */
  async prune(options: { olderThanSeconds: number; includeFailed: boolean }): Promise<{ deliveries: number; events: number }> {
    const cutoff = this.clock.nowSeconds() - options.olderThanSeconds;
    const statuses: DeliveryStatus[] = options.includeFailed ? ['succeeded', 'cancelled', 'failed'] : ['succeeded', 'cancelled'];
    const deliveries = await deleteFinishedDeliveries(this.deliveries, this.transactions, statuses, cutoff);
    const events = await this.transactions.run(() => this.outbox.deleteRelayedUnreferenced(cutoff, EVENT_REFERENCES));
    return { deliveries, events };
  }

  /**
   * Starts a new round of a failed (or succeeded) delivery, as the app's
   * `redeliver` does (docs/api.md#delivery-log): its attempts and retry schedule
   * start over, with the same `webhook-id` (receivers can still drop a duplicate).
   * The running API or worker sends it within a poll interval.
   *
   * @throws RedeliveryRefusedError when the delivery does not exist, is pending or cancelled,
   *   its callback was deleted, or it changed meanwhile (the rule: delivery/redelivery.ts).
   */
  async redeliver(id: number): Promise<void> {
    await this.transactions.run(async () => {
      const delivery = await this.deliveries.find(id);
      assertRedeliverable(id, delivery);
      if (!(await this.deliveries.startNextRound(delivery, this.clock.nowSeconds()))) throw new RedeliveryRefusedError('changed', id);
    });
  }
}
