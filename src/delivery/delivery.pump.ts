import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { AppConfig } from '../config/app-config.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { OutboxRelay } from './outbox.relay.js';

/**
 * Drives delivery in every API and worker process: every
 * `CALLBACK_POLL_INTERVAL_MS` it relays committed events into deliveries and
 * hands the due ones to the {@link DeliveryDispatcher}. A failing pass (database
 * or Redis unavailable) is logged and retried on the next tick; nothing is
 * lost because the work stays in the database. On shutdown it stops polling
 * and waits for work in progress before the database connection closes.
 */
@Injectable()
export class DeliveryPump implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DeliveryPump');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private lastError: string | undefined;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  /** Stops polling and waits for the pass and the attempts in progress, while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.dispatcher.drain();
  }

  /** One pass: relay, then dispatch. */
  async pass(): Promise<void> {
    await this.relay.relayPending();
    await this.dispatcher.dispatch();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => this.recovered())
        .catch((error: unknown) => this.failed(error))
        .finally(() => this.schedule(this.config.callbackPollIntervalMs));
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
