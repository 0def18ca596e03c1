import { Injectable, Logger } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { AppSlots } from './app-slots.js';
import { type Admission, DeliveriesRepository } from '../deliveries.repository.js';
import { DeliveryExecutor } from '../sending/delivery-executor.js';
import { DeliveryTransport } from './delivery-transport.js';
import { inTraceOf } from '../../tracing/trace-context.js';

/** Extra time (seconds) an admission outlives the attempt's timeout before it is taken for lost (its process stopped). */
const ADMISSION_MARGIN_SECONDS = 120;

/** How often admissions of stopped processes are looked for (milliseconds). */
const RELEASE_INTERVAL_MS = 30_000;

/** Wait before running an admitted delivery again whose attempt could not even be made (database unavailable). */
const INFRASTRUCTURE_RETRY_MS = 2_000;

/** Times an admitted delivery is run again that way before it is left to its admission's expiry. */
const INFRASTRUCTURE_RETRIES = 20;

/**
 * Embedded mode's transport (no Redis, docs/api.md#isolation-between-apps): the API
 * process attempts what the scheduler admits, at once, with the same
 * {@link DeliveryExecutor} as the worker. It takes at most
 * `CALLBACK_CONCURRENCY` at a time, and of one app what {@link AppSlots}
 * lets it have, so a slow app's receivers never take every slot. An
 * admission whose process stopped is given back to the scheduler once it is
 * older than the attempt's timeout plus {@link ADMISSION_MARGIN_SECONDS}.
 */
@Injectable()
export class InProcessTransport extends DeliveryTransport {
  private readonly logger = new Logger('EmbeddedDelivery');
  private readonly inFlight = new Set<Promise<void>>();
  private draining = false;
  private lastReleaseMs = 0;
  /** Called when an attempt ended, so the scheduler fills the slot it left. */
  private onIdle: () => void = () => {};

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly executor: DeliveryExecutor,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly slots: AppSlots,
  ) {
    super();
  }

  override whenIdle(listener: () => void): void {
    this.onIdle = listener;
  }

  capacity(): number {
    return this.draining ? 0 : this.config.callbackConcurrency - this.inFlight.size;
  }

  roomFor(appId: number): number {
    return this.slots.room(appId);
  }

  hand(admissions: readonly Admission[]): Promise<readonly Admission[]> {
    const left: Admission[] = [];
    for (const admission of admissions) {
      const release = this.draining ? null : this.slots.take(admission.appId);
      if (release) this.start(admission, release);
      else left.push(admission);
    }
    return Promise.resolve(left);
  }

  async repair(): Promise<void> {
    if (Date.now() - this.lastReleaseMs < RELEASE_INTERVAL_MS) return;
    this.lastReleaseMs = Date.now();
    const before = this.clock.nowSeconds() - this.config.callbackTimeoutMs / 1000 - ADMISSION_MARGIN_SECONDS;
    const released = await this.deliveries.releaseAdmittedBefore(before);
    if (released > 0) this.logger.warn(`${released} admitted deliveries of a process that stopped were given back to the scheduler`);
  }

  override inProgress(): number {
    return this.inFlight.size;
  }

  async drain(): Promise<void> {
    this.draining = true;
    await Promise.all([...this.inFlight]);
  }

  /** Runs an admitted delivery holding one of its app's slots, given back (`release`) when the run ends. */
  private start(admission: Admission, release: () => void): void {
    const run = this.run(admission).finally(() => {
      this.inFlight.delete(run);
      release();
      if (!this.draining) this.onIdle();
    });
    this.inFlight.add(run);
  }

  private async run(admission: Admission): Promise<void> {
    for (let retries = 0; ; retries += 1) {
      try {
        await this.executor.execute(admission);
        return;
      } catch (error) {
        inTraceOf(error, () => this.logger.warn(`Delivery ${admission.id}: ${error instanceof Error ? error.message : String(error)}`));
        if (this.draining || retries >= INFRASTRUCTURE_RETRIES) return;
        await new Promise((resolve) => setTimeout(resolve, INFRASTRUCTURE_RETRY_MS));
        if (this.draining) return;
      }
    }
  }
}
