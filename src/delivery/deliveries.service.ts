import { Inject, Injectable } from '@nestjs/common';

import { withoutUserInfo } from '../callbacks/callback-url.js';
import { DELIVERY_CALLBACKS, type DeliveryCallbacks } from '../callbacks/delivery-callbacks.js';
import { Clock } from '../clock/clock.js';
import { Transactions } from '../database/transactions.js';
import { DELIVERY_OUTBOX, type DeliveryOutbox } from '../events/delivery-outbox.js';
import { DeliveriesRepository, EVENT_REFERENCES } from './deliveries.repository.js';
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

/** Operators' view of deliveries (docs/api.md#events: failed ones are kept to inspect and redeliver). */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly deliveries: DeliveriesRepository,
    @Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox,
    @Inject(DELIVERY_CALLBACKS) private readonly callbacks: DeliveryCallbacks,
    private readonly clock: Clock,
  ) {}

  /** The most recent deliveries, newest first; only failed ones when `failed`. */
  async list(options: { failed: boolean; limit: number }): Promise<DeliveryView[]> {
    const deliveries = await this.deliveries.listRecent(options.failed, options.limit);
    const callbackIds = deliveries.map((delivery) => delivery.callbackId).filter((id): id is number => id !== null);
    const [types, urls] = await Promise.all([
      this.outbox.typesOf([...new Set(deliveries.map((delivery) => delivery.eventId))]),
      this.callbacks.urlsOf([...new Set(callbackIds)]),
    ]);
    return deliveries.map((delivery) => ({
      id: delivery.id,
      event_id: delivery.eventId,
      event: types.get(delivery.eventId) ?? '?',
      app: `A${delivery.appId}`,
      // The callback's URL now (pending deliveries go there), else the one it was sent to, as the apps' log shows.
      url: withoutUserInfoOrNull((delivery.callbackId === null ? undefined : urls.get(delivery.callbackId)) ?? delivery.url ?? undefined),
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
    return this.transactions.run(async () => ({
      deliveries: await this.deliveries.deleteFinished(statuses, cutoff),
      events: await this.outbox.deleteRelayedUnreferenced(cutoff, EVENT_REFERENCES),
    }));
  }

  /**
   * Starts a new round of a failed (or succeeded) delivery, as the app's
   * `redeliver` does (docs/api.md#delivery-log): its attempts and retry schedule
   * start over, with the same `webhook-id` (receivers can still drop a duplicate).
   * The running API or worker sends it within a poll interval.
   *
   * @throws RedeliveryError when the delivery does not exist, is pending or cancelled,
   *   or its callback was deleted.
   */
  async redeliver(id: number): Promise<void> {
    await this.transactions.run(async () => {
      const delivery = await this.deliveries.find(id);
      if (!delivery) throw new RedeliveryError(`No delivery with id ${id}.`);
      if (delivery.status !== 'failed' && delivery.status !== 'succeeded')
        throw new RedeliveryError(`Delivery ${id} is ${delivery.status}; only failed or succeeded deliveries can be redelivered.`);
      if (delivery.callbackId === null || !(await this.callbacks.exists(delivery.callbackId))) {
        throw new RedeliveryError(`Delivery ${id} cannot be redelivered: its callback was deleted.`);
      }
      if (!(await this.deliveries.startNextRound(delivery, this.clock.nowSeconds())))
        throw new RedeliveryError(`Delivery ${id} changed meanwhile; try again.`);
    });
  }
}

function withoutUserInfoOrNull(url: string | undefined): string | null {
  return url === undefined ? null : withoutUserInfo(url);
}
