import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { DeliveryMetrics } from '../metrics/delivery-metrics.service.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { AppSlots } from './app-slots.js';
import { type AppDeliveryRound, DeliveriesRepository, type DeliveryRound } from './deliveries.repository.js';
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
 * restart. At most `CALLBACK_CONCURRENCY` attempts run at once, at most
 * `CALLBACK_APP_CONCURRENCY` of them for one app ({@link AppSlots}): the
 * deliveries of an app at its share are left in the database and others
 * are taken instead. A claimed
 * delivery whose run failed for the database's sake (an outage) is run again
 * every few seconds while it holds the lease, rather than waiting for the
 * lease to expire.
 */
@Injectable()
export class EmbeddedDispatcher extends DeliveryDispatcher implements OnModuleInit {
  private readonly logger = new Logger('EmbeddedDelivery');
  private readonly inFlight = new Set<Promise<void>>();
  private draining = false;
  /** The last pass left due deliveries behind. */
  private leftBehind = false;
  private dispatchingAgain = false;
  private dispatchAgainAfter = false;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly executor: DeliveryExecutor,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
    private readonly slots: AppSlots,
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

  /**
   * Starts due deliveries while slots are free. A batch that held deliveries
   * of an app that reached its share is followed by another without that
   * app, so other apps' deliveries do not wait for the next poll. When due
   * deliveries were left behind (every slot, or their app's share, taken),
   * each attempt that ends starts another pass.
   */
  async dispatch(): Promise<void> {
    let leftBehind = false;
    try {
      while (!this.draining) {
        const free = this.config.callbackConcurrency - this.inFlight.size;
        if (free <= 0) {
          leftBehind = true;
          return;
        }
        const now = this.clock.nowSeconds();
        const due = await this.deliveries.findDue(now, free, this.slots.fullApps());
        let skipped = false;
        for (const delivery of due) {
          if (!this.slots.tryTake(delivery.appId)) skipped = true;
          else if (await this.claim(delivery, now)) this.start(delivery);
          else this.slots.release(delivery.appId);
        }
        if (!skipped) {
          leftBehind ||= due.length === free;
          return;
        }
        leftBehind = true;
      }
    } finally {
      this.leftBehind = leftBehind;
    }
  }

  /** Another {@link dispatch} after an attempt ended, one at a time (errors are logged; the poll tries again). */
  private dispatchAgain(): void {
    if (this.dispatchingAgain) {
      this.dispatchAgainAfter = true;
      return;
    }
    this.dispatchingAgain = true;
    void (async () => {
      try {
        do {
          this.dispatchAgainAfter = false;
          await this.dispatch();
        } while (this.dispatchAgainAfter && this.leftBehind && !this.draining);
      } catch (error) {
        this.logger.warn(`Delivery pass failed (the next poll tries again): ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.dispatchingAgain = false;
      }
    })();
  }

  async drain(): Promise<void> {
    this.draining = true;
    await Promise.all([...this.inFlight]);
  }

  private async claim(delivery: DeliveryRound, now: number): Promise<boolean> {
    return this.deliveries.lease(delivery, now, now + this.config.callbackTimeoutMs / 1000 + LEASE_MARGIN_SECONDS);
  }

  /** Runs a claimed delivery holding one of its app's slots, given back when the run ends. */
  private start(delivery: AppDeliveryRound): void {
    const run = this.run(delivery).finally(() => {
      this.inFlight.delete(run);
      this.slots.release(delivery.appId);
      if (this.leftBehind && !this.draining) this.dispatchAgain();
    });
    this.inFlight.add(run);
  }

  private async run(delivery: DeliveryRound): Promise<void> {
    for (let retries = 0; ; retries += 1) {
      try {
        await this.executor.execute(delivery.id, delivery.round);
        return;
      } catch (error) {
        this.logger.warn(`Delivery ${delivery.id}: ${error instanceof Error ? error.message : String(error)}`);
        if (this.draining || retries >= INFRASTRUCTURE_RETRIES) return;
        await new Promise((resolve) => setTimeout(resolve, INFRASTRUCTURE_RETRY_MS));
        if (this.draining) return;
      }
    }
  }
}
