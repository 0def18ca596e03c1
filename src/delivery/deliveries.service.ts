import { Injectable } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';

import { CallbackEntity } from '../callbacks/callback.entity.js';
import { Clock } from '../clock/clock.js';
import { runInTransaction } from '../database/retrying-transaction.js';
import { OutboxEventEntity } from '../events/outbox-event.entity.js';
import { DeliveryEntity } from './delivery.entity.js';
import type { DeliveryStatus } from './delivery-status.js';

/** A delivery as operators see it (CLI). Times are seconds since the UNIX epoch. */
export interface DeliveryView {
  id: number;
  event_id: number;
  event: string;
  app: string;
  url: string | null;
  webhook_id: string;
  status: DeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
}

/** Thrown when a delivery cannot be redelivered; the message is for the operator. */
export class RedeliveryError extends Error {}

/** Operators' view of deliveries (contract §8: failed ones are kept to inspect and redeliver). */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The most recent deliveries, newest first; only failed ones when `failed`. */
  async list(options: { failed: boolean; limit: number }): Promise<DeliveryView[]> {
    const manager = this.dataSource.manager;
    const deliveries = await manager.find(DeliveryEntity, {
      where: options.failed ? { status: 'failed' } : {},
      order: { id: 'DESC' },
      take: options.limit,
    });
    const eventIds = [...new Set(deliveries.map((delivery) => delivery.eventId))];
    const callbackIds = [...new Set(deliveries.map((delivery) => delivery.callbackId).filter((id): id is number => id !== null))];
    const [events, callbacks] = await Promise.all([
      eventIds.length ? manager.find(OutboxEventEntity, { select: { id: true, type: true }, where: { id: In(eventIds) } }) : [],
      callbackIds.length ? manager.find(CallbackEntity, { select: { id: true, url: true }, where: { id: In(callbackIds) } }) : [],
    ]);
    const types = new Map(events.map((event) => [event.id, event.type]));
    const urls = new Map(callbacks.map((callback) => [callback.id, callback.url]));
    return deliveries.map((delivery) => ({
      id: delivery.id,
      event_id: delivery.eventId,
      event: types.get(delivery.eventId) ?? '?',
      app: `A${delivery.appId}`,
      url: delivery.callbackId === null ? null : (urls.get(delivery.callbackId) ?? null),
      webhook_id: delivery.webhookId,
      status: delivery.status,
      attempts: delivery.attempts,
      last_status: delivery.lastStatus,
      last_error: delivery.lastError,
      created_at: delivery.createdAt,
      last_attempt_at: delivery.lastAttemptAt,
      next_attempt_at: delivery.nextAttemptAt,
    }));
  }

  /**
   * Deletes finished deliveries last changed before `olderThanSeconds` ago
   * (succeeded and cancelled ones; failed ones too when `includeFailed`), then
   * the relayed events no delivery refers to any more.
   *
   * @returns how many deliveries and events were deleted.
   */
  async prune(options: { olderThanSeconds: number; includeFailed: boolean }): Promise<{ deliveries: number; events: number }> {
    const cutoff = this.clock.nowSeconds() - options.olderThanSeconds;
    const statuses: DeliveryStatus[] = options.includeFailed ? ['succeeded', 'cancelled', 'failed'] : ['succeeded', 'cancelled'];
    return runInTransaction(this.dataSource, async (manager) => {
      const deliveries = await manager.delete(DeliveryEntity, { status: In(statuses), updatedAt: LessThan(cutoff) });
      const events = await manager
        .createQueryBuilder()
        .delete()
        .from(OutboxEventEntity)
        .where('dispatched_at < :cutoff', { cutoff })
        .andWhere('NOT EXISTS (SELECT 1 FROM deliveries WHERE deliveries.event_id = outbox_events.id)')
        .execute();
      return { deliveries: deliveries.affected ?? 0, events: events.affected ?? 0 };
    });
  }

  /**
   * Starts a new round of a failed delivery: its attempts and retry schedule
   * start over, with the same `webhook-id` (receivers can still drop a duplicate).
   * The running API or worker sends it within a poll interval.
   *
   * @throws RedeliveryError when the delivery does not exist, is not failed,
   *   or its callback was deleted.
   */
  async redeliver(id: number): Promise<void> {
    await runInTransaction(this.dataSource, async (manager) => {
      const delivery = await manager.findOne(DeliveryEntity, { where: { id } });
      if (!delivery) throw new RedeliveryError(`No delivery with id ${id}.`);
      if (delivery.status !== 'failed')
        throw new RedeliveryError(`Delivery ${id} is ${delivery.status}; only failed deliveries can be redelivered.`);
      if (delivery.callbackId === null || !(await manager.exists(CallbackEntity, { where: { id: delivery.callbackId } }))) {
        throw new RedeliveryError(`Delivery ${id} cannot be redelivered: its callback was deleted.`);
      }
      const now = this.clock.nowSeconds();
      await manager.update(
        DeliveryEntity,
        { id, round: delivery.round, status: 'failed' },
        {
          status: 'pending',
          attempts: 0,
          round: delivery.round + 1,
          nextAttemptAt: now,
          leaseUntil: null,
          enqueuedAt: null,
          updatedAt: now,
        },
      );
    });
  }
}
