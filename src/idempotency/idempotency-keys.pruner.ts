import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';

/** How often the API deletes expired keys: every 10 minutes. */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired `Idempotency-Key` answers every 10 minutes in each API
 * process (deleting the same rows twice is harmless). An expired key is
 * already treated as unknown, so this only keeps the table small.
 */
@Injectable()
export class IdempotencyKeysPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeys');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly keys: IdempotencyKeysRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune().catch((error: unknown) => this.failed(error)), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Deletes every key expired now. @returns how many. */
  prune(): Promise<number> {
    return this.keys.deleteExpired(this.clock.nowSeconds());
  }

  private failed(error: unknown): void {
    this.logger.warn(
      `Pruning expired idempotency keys failed (retried in 10 minutes): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
