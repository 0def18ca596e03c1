import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { AppConfig } from '../config/app-config.js';
import { OutboxSignal } from '../events/outbox-signal.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { OutboxRelay } from './outbox.relay.js';

/**
 * How long a commit that recorded events waits for the pass that relays them
 * (milliseconds): short next to the delivery latency, long enough that under
 * a burst of writes one pass relays many events.
 */
const WAKE_DELAY_MS = 50;

/**
 * Drives delivery in every API and worker process: every
 * `CALLBACK_POLL_INTERVAL_MS` it relays committed events into deliveries and
 * hands the due ones to the {@link DeliveryDispatcher}. A failing pass (database
 * or Redis unavailable) is logged and retried on the next tick; nothing is
 * lost because the work stays in the database. A commit in this process that
 * recorded events ({@link OutboxSignal}) starts a pass within
 * {@link WAKE_DELAY_MS} (or that long after the one in progress), so an event is not left waiting for the poll.
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
  private wokenDuringPass = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly config: AppConfig,
    private readonly signal: OutboxSignal,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.signal.subscribe(() => this.wake());
    this.schedule(0);
  }

  /** Stops polling and waits for the pass and the attempts in progress, while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.running;
    await this.dispatcher.drain();
  }

  /** One pass: relay, then dispatch. */
  async pass(): Promise<void> {
    await this.relay.relayPending();
    await this.dispatcher.dispatch();
  }

  /** Starts a pass within {@link WAKE_DELAY_MS}, or that long after the one in progress. */
  private wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.wokenDuringPass = true;
      return;
    }
    if (this.nextPassAt <= Date.now() + WAKE_DELAY_MS) return;
    clearTimeout(this.timer);
    this.schedule(WAKE_DELAY_MS);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.nextPassAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.passing = true;
      this.wokenDuringPass = false;
      this.running = this.pass()
        .then(() => this.recovered())
        .catch((error: unknown) => this.failed(error))
        .finally(() => {
          this.passing = false;
          this.schedule(this.wokenDuringPass ? WAKE_DELAY_MS : this.config.callbackPollIntervalMs);
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
