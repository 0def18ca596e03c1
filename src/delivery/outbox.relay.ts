import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';

import { CallbackEntity } from '../callbacks/callback.entity.js';
import { Clock } from '../clock/clock.js';
import { forUpdateSkipLocked } from '../database/lock.js';
import { runInTransaction } from '../database/retrying-transaction.js';
import { OutboxEventEntity } from '../events/outbox-event.entity.js';
import { DeliveryMetrics } from '../metrics/delivery-metrics.service.js';
import { DeliveryEntity } from './delivery.entity.js';
import { newWebhookId } from './webhook-id.js';

/** Events handled per transaction. */
const BATCH_SIZE = 100;

/** Another process claimed some of the same events first; this batch is rolled back. */
class RelayConflictError extends Error {}

/**
 * The outbox relay (contract §8): turns committed events into one pending
 * delivery per callback registered for their type, and marks them
 * dispatched, in one transaction. Several processes may relay at once: on
 * MySQL each takes rows with `FOR UPDATE SKIP LOCKED`; on both backends the
 * claim is a conditional update and (event, callback) is unique, so an event
 * is never fanned out twice.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit {
  private readonly logger = new Logger('OutboxRelay');

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
  ) {}

  /** Reports the committed events not yet relayed as `outbox_backlog`. */
  onModuleInit(): void {
    this.metrics.setOutboxBacklogSource(() => this.dataSource.manager.count(OutboxEventEntity, { where: { dispatchedAt: IsNull() } }));
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
      return await runInTransaction(this.dataSource, async (manager) => {
        const events = await manager.find(OutboxEventEntity, {
          where: { dispatchedAt: IsNull() },
          order: { id: 'ASC' },
          take: BATCH_SIZE,
          ...forUpdateSkipLocked(manager),
        });
        if (events.length === 0) return 0;
        const now = this.clock.nowSeconds();
        const ids = events.map((event) => event.id);
        const claim = await manager
          .createQueryBuilder()
          .update(OutboxEventEntity)
          .set({ dispatchedAt: now })
          .where({ id: In(ids), dispatchedAt: IsNull() })
          .execute();
        if (claim.affected !== undefined && claim.affected !== events.length) throw new RelayConflictError();
        const callbacks = await manager.find(CallbackEntity, {
          where: { event: In([...new Set(events.map((event) => event.type))]) },
          order: { id: 'ASC' },
        });
        const deliveries = events.flatMap((event) =>
          callbacks
            .filter((callback) => callback.event === event.type)
            .map((callback) => ({
              eventId: event.id,
              callbackId: callback.id,
              appId: callback.appId,
              webhookId: newWebhookId(),
              status: 'pending' as const,
              attempts: 0,
              round: 0,
              nextAttemptAt: now,
              createdAt: now,
              updatedAt: now,
            })),
        );
        if (deliveries.length > 0) await manager.insert(DeliveryEntity, deliveries);
        if (deliveries.length > 0) this.logger.log(`Relayed ${events.length} event(s) into ${deliveries.length} deliveries`);
        return events.length;
      });
    } catch (error) {
      if (error instanceof RelayConflictError) return 0;
      throw error;
    }
  }
}
