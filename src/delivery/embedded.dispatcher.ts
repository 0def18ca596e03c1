import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { DeliveryMetrics } from '../metrics/delivery-metrics.service.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { DeliveriesRepository, type DeliveryRound } from './deliveries.repository.js';
import { DeliveryExecutor } from './delivery-executor.js';

/** Extra time a claim outlives the attempt's timeout before another pass may take the delivery again. */
const LEASE_MARGIN_SECONDS = 60;

/** Wait before running a claimed delivery again whose attempt could not even be made (database unavailable). */
const INFRASTRUCTURE_RETRY_MS = 2_000;

/** Times a claimed delivery is run again that way before its lease is left to expire. */
const INFRASTRUCTURE_RETRIES = 20;

/**
 * Embedded mode (no `REDIS_URL`): sends due deliveries from inside the API
 * process with the same {@link DeliveryExecutor} as the worker. The retry
 * schedule lives in the database (`next_attempt_at`); each attempt is claimed
 * with a lease, so one that was cut short by a crash is tried again after a
 * restart. At most `CALLBACK_CONCURRENCY` attempts run at once. A claimed
 * delivery whose run failed for the database's sake (an outage) is run again
 * every few seconds while it holds the lease, rather than waiting for the
 * lease to expire.
 */
@Injectable()
export class EmbeddedDispatcher extends DeliveryDispatcher implements OnModuleInit {
  private readonly logger = new Logger('EmbeddedDelivery');
  private readonly inFlight = new Set<Promise<void>>();
  private draining = false;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly executor: DeliveryExecutor,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
  ) {
    super();
  }

  /** Reports deliveries by state as `callback_queue_jobs` (due: waiting, scheduled later: delayed, in progress: active). */
  onModuleInit(): void {
    this.metrics.setQueueSource(async () => {
      const { due, later, failed } = await this.deliveries.countByState(this.clock.nowSeconds());
      return { waiting: due - this.inFlight.size, delayed: later, active: this.inFlight.size, failed };
    });
  }

  async dispatch(): Promise<void> {
    const free = this.config.callbackConcurrency - this.inFlight.size;
    if (free <= 0) return;
    const now = this.clock.nowSeconds();
    const due = await this.deliveries.findDue(now, free);
    for (const delivery of due) {
      if (await this.claim(delivery, now)) this.start(delivery);
    }
  }

  override inProgress(): number {
    return this.inFlight.size;
  }

  async drain(): Promise<void> {
    this.draining = true;
    await Promise.all([...this.inFlight]);
  }

  private async claim(delivery: DeliveryRound, now: number): Promise<boolean> {
    return this.deliveries.lease(delivery, now, now + this.config.callbackTimeoutMs / 1000 + LEASE_MARGIN_SECONDS);
  }

  private start(delivery: DeliveryRound, retries = 0): void {
    const run = this.executor
      .execute(delivery.id, delivery.round)
      .then(() => undefined)
      .catch(async (error: unknown) => {
        this.logger.warn(`Delivery ${delivery.id}: ${error instanceof Error ? error.message : String(error)}`);
        if (this.draining || retries >= INFRASTRUCTURE_RETRIES) return;
        await new Promise((resolve) => setTimeout(resolve, INFRASTRUCTURE_RETRY_MS));
        if (!this.draining) this.start(delivery, retries + 1);
      })
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }
}
