import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type HealthCheckAttempt, HealthIndicatorService } from '@nestjs/terminus';
import { Redis } from 'ioredis';

import { AppConfig } from '../config/app-config.js';

/**
 * Readiness of Redis: a `PING` over a connection of its own, opened
 * on the first check, bounded by a timeout so a down Redis reports down
 * instead of hanging. Only used when `REDIS_URL` is set (docs/api.md#operating).
 */
@Injectable()
export class RedisHealthIndicator implements OnApplicationShutdown {
  private client: Redis | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly indicator: HealthIndicatorService,
  ) {}

  /** `{redis: {status: 'up'}}`, or down when PING fails or takes longer than `timeoutMs`. */
  pingCheck(key: 'redis', timeoutMs: number): HealthCheckAttempt<'redis'> {
    return this.indicator
      .check(key)
      .attempt(async () => {
        await this.connection().ping();
      })
      .withTimeout(timeoutMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.client?.disconnect();
  }

  private connection(): Redis {
    if (!this.client) {
      this.client = new Redis(this.config.redisUrl!, { maxRetriesPerRequest: 1, connectionName: 'accounts-service:health' });
      // Failures surface through PING; the 'error' event must have a listener or it would be thrown.
      this.client.on('error', () => undefined);
    }
    return this.client;
  }
}
