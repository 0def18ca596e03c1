import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { AppConfig } from '../../config/app-config.js';
import { OutboxSignal } from '../../events/outbox-signal.js';
import { Clock } from '../../clock/clock.js';
import { DeliveryRecoveryRunner } from './delivery-recovery.runner.js';
import { DeliveryScheduler } from './delivery-scheduler.js';
import { DeliveryTransport } from './delivery-transport.js';
import { OutboxRelay } from '../relay/outbox.relay.js';

/**
 * How long a commit that recorded events waits for the pass that relays them
 * (milliseconds): short next to the delivery latency, long enough that under
 * a burst of writes one pass relays many events.
 */
const WAKE_DELAY_MS = 50;

/**
 * How long an attempt that ended waits for the pass that fills the window it
 * left (milliseconds): passes stay back to back while a backlog drains.
 */
const REFILL_DELAY_MS = 5;

/**
 * Drives delivery in every API and worker process: every
 * `CALLBACK_POLL_INTERVAL_MS` (or sooner, when a waiting delivery comes due)
 * it relays committed events into deliveries, lets the {@link DeliveryScheduler}
 * admit the due ones, and starts the {@link DeliveryRecoveryRunner} when
 * recoveries wait. A failing pass (database or Redis unavailable) is logged
 * and retried on the next tick; nothing is lost because the work stays in
 * the database. A commit in this process that recorded events or changed
 * deliveries ({@link OutboxSignal}) starts a pass within {@link WAKE_DELAY_MS}
 * (or that long after the one in progress), and an attempt that ended within
 * {@link REFILL_DELAY_MS}, so nothing waits for the poll.
 * On shutdown it stops polling and waits for work in progress before the
 * database connection closes.
 */
@Injectable()
export class DeliveryPump implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DeliveryPump');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private lastError: string | undefined;
  private passing = false;
  private nextPassAt = 0;
  /** The shortest wake asked for during the pass in progress (milliseconds), if any. */
  private wokenDuringPass: number | undefined;
  private unsubscribe: (() => void) | undefined;
  /** A commit in this process recorded events since the last relay. */
  private relayAsked = true;
  private lastRelayAt = 0;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly scheduler: DeliveryScheduler,
    private readonly transport: DeliveryTransport,
    private readonly recoveries: DeliveryRecoveryRunner,
    private readonly config: AppConfig,
    private readonly signal: OutboxSignal,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.signal.subscribe(() => {
      this.relayAsked = true;
      this.wake(WAKE_DELAY_MS);
    });
    this.recoveries.whenBatchDone(() => this.wake(WAKE_DELAY_MS));
    this.transport.whenIdle(() => this.refill());
    this.schedule(0);
  }

  /** An attempt ended: a pass within {@link REFILL_DELAY_MS} fills the window it left. */
  refill(): void {
    this.wake(REFILL_DELAY_MS);
  }

  /** Stops polling and waits for the pass and the attempts in progress, while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.running;
    await Promise.all([this.transport.drain(), this.recoveries.stop()]);
  }

  /**
   * One pass: relay and start waiting recoveries (when this process committed
   * events or recorded a recovery, or a poll interval after the last relay:
   * what other processes committed and did not carry out), then admit. A pass
   * that only refills windows sends the admission's statements alone.
   * @returns when (seconds) the earliest waiting delivery is due, or `null`.
   */
  async pass(): Promise<number | null> {
    if (this.relayAsked || Date.now() - this.lastRelayAt >= this.config.callbackPollIntervalMs) {
      this.relayAsked = false;
      this.lastRelayAt = Date.now();
      await this.relay.relayPending();
      this.recoveries.start();
    }
    return this.scheduler.dispatch();
  }

  /** Starts a pass within `delayMs`, or that long after the one in progress. */
  private wake(delayMs: number): void {
    if (this.stopped) return;
    if (this.passing) {
      this.wokenDuringPass = Math.min(this.wokenDuringPass ?? Infinity, delayMs);
      return;
    }
    if (this.nextPassAt <= Date.now() + delayMs) return;
    clearTimeout(this.timer);
    this.schedule(delayMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.nextPassAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.passing = true;
      this.wokenDuringPass = undefined;
      let nextDueAt: number | null = null;
      this.running = this.pass()
        .then((next) => {
          nextDueAt = next;
          this.recovered();
        })
        .catch((error: unknown) => this.failed(error))
        .finally(() => {
          this.passing = false;
          const untilDueMs = nextDueAt === null ? Infinity : Math.max(REFILL_DELAY_MS, (nextDueAt - this.clock.nowSeconds()) * 1000);
          this.schedule(Math.min(this.wokenDuringPass ?? Infinity, this.config.callbackPollIntervalMs, untilDueMs));
        });
    }, delayMs);
  }

  private recovered(): void {
    if (this.lastError === undefined) return;
    this.lastError = undefined;
    this.logger.log('Delivery pump recovered');
  }

  private failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== this.lastError) this.logger.warn(`Delivery pump pass failed (retrying): ${message}`);
    this.lastError = message;
  }
}
