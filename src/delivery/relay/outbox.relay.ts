import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { DELIVERY_CALLBACKS, type DeliveryCallbacks } from '../../callbacks/delivery-callbacks.js';
import { Clock } from '../../clock/clock.js';
import { Transactions } from '../../database/transactions.js';
import { DELIVERY_OUTBOX, type DeliveryOutbox } from '../../events/delivery-outbox.js';
import { eventAccountId } from '../../events/event-account.js';
import { DeliveryMetrics } from '../../metrics/delivery-metrics.service.js';
import { DeliveriesRepository } from '../deliveries.repository.js';
import { newDelivery } from './new-delivery.js';

/** Events handled per transaction. */
const BATCH_SIZE = 100;

/** Another process claimed some of the same events first; this batch is rolled back. */
class RelayConflictError extends Error {}

/**
 * The outbox relay (docs/api.md#events): turns committed events into one pending
 * delivery per callback registered for their type when they were committed
 * (the callback's epoch at or before the event's, events/callback-epoch.repository.ts;
 * a callback registered since, even before this relay ran, gets none), each created
 * at its event's time rather than the relay's and naming the account the event is about
 * (docs/api.md#delivery-log), and marks them
 * dispatched, in one transaction. Several processes may relay at once: on
 * MySQL each takes rows with `FOR UPDATE SKIP LOCKED`; on both backends the
 * claim is a conditional update and (event, callback) is unique, so an event
 * is never fanned out twice. Deliveries to a disabled callback are recorded
 * `failed` with `last_error` {@link CALLBACK_DISABLED} and not sent.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit {
  private readonly logger = new Logger('OutboxRelay');

  constructor(
    private readonly transactions: Transactions,
    @Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox,
    @Inject(DELIVERY_CALLBACKS) private readonly callbacks: DeliveryCallbacks,
    private readonly deliveries: DeliveriesRepository,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
  ) {}

  /** Reports the committed events not yet relayed as `outbox_backlog`, and the disabled callbacks as `callbacks_disabled`. */
  onModuleInit(): void {
    this.metrics.setOutboxBacklogSource(() => this.outbox.countPending());
    this.metrics.setDisabledCallbacksSource(() => this.callbacks.countDisabled());
  }

  /** Relays every waiting event. @returns how many events were relayed. */
  async relayPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const relayed = await this.relayBatch();
      total += relayed;
      if (relayed < BATCH_SIZE) return total;
    }
  }

  private async relayBatch(): Promise<number> {
    try {
      return await this.transactions.runWithoutGapLocks(async () => {
        const now = this.clock.nowSeconds();
        const events = await this.outbox.claimBatch(BATCH_SIZE, now);
        if (events === null) throw new RelayConflictError();
        if (events.length === 0) return 0;
        const callbacks = await this.callbacks.listeningTo([...new Set(events.map((event) => event.type))]);
        const deliveries = events.flatMap((event) => {
          const about = { id: event.id, createdAt: event.createdAt, accountId: eventAccountId(event) };
          return callbacks
            .filter((callback) => callback.event === event.type && callback.sinceEpoch <= event.callbackEpoch)
            .map((callback) => newDelivery(callback, about, now));
        });
        await this.deliveries.insert(deliveries);
        if (deliveries.length > 0) this.logger.log(`Relayed ${events.length} event(s) into ${deliveries.length} deliveries`);
        return events.length;
      });
    } catch (error) {
      if (error instanceof RelayConflictError) return 0;
      throw error;
    }
  }
}
