import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

import { DELIVERY_CALLBACKS, type DeliveryCallbacks } from '../../callbacks/delivery-callbacks.js';
import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Transactions } from '../../database/transactions.js';
import { DELIVERY_OUTBOX, type DeliveryOutbox } from '../../events/delivery-outbox.js';
import { DeliveriesRepository, EVENT_REFERENCES } from '../deliveries.repository.js';
import { DeliveryRecoveriesRepository } from '../delivery-recoveries.repository.js';
import { deleteFinishedDeliveries } from './finished-deliveries.js';

/** How often each API and worker process prunes: every minute (so a rotated secret outlives its grace by a minute at most). */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Keeps the delivery store to what docs/api.md#delivery-log promises, in every API and
 * worker process (pruning the same rows twice is harmless): deletes deliveries
 * that ended more than `DELIVERY_RETENTION` ago with their attempt logs
 * (pending ones never; in batches, {@link deleteFinishedDeliveries}), then the events no delivery refers to, and the
 * recoveries finished that long ago, and forgets previous callback secrets
 * whose rotation grace is over.
 */
@Injectable()
export class DeliveryRetentionPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeliveryRetention');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly transactions: Transactions,
    private readonly deliveries: DeliveriesRepository,
    private readonly recoveries: DeliveryRecoveriesRepository,
    @Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox,
    @Inject(DELIVERY_CALLBACKS) private readonly callbacks: DeliveryCallbacks,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune().catch((error: unknown) => this.failed(error)), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One pass. @returns how many deliveries, events and previous secrets were removed. */
  async prune(): Promise<{ deliveries: number; events: number; secrets: number }> {
    const now = this.clock.nowSeconds();
    const cutoff = now - this.config.deliveryRetentionMs / 1000;
    const secrets = await this.callbacks.clearExpiredSecrets(now);
    const deliveries = await deleteFinishedDeliveries(this.deliveries, this.transactions, ['succeeded', 'failed', 'cancelled'], cutoff);
    const { events } = await this.transactions.run(async () => ({
      events: await this.outbox.deleteRelayedUnreferenced(cutoff, EVENT_REFERENCES),
      recoveries: await this.recoveries.deleteFinished(cutoff),
    }));
    if (deliveries > 0) this.logger.log(`Pruned ${deliveries} deliveries ended before DELIVERY_RETENTION`);
    return { deliveries, events, secrets };
  }

  private failed(error: unknown): void {
    this.logger.warn(`Pruning deliveries failed (retried in a minute): ${error instanceof Error ? error.message : String(error)}`);
  }
}
