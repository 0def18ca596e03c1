import { Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { type HealthCheckAttempt, HealthIndicatorService } from '@nestjs/terminus';
import type { Cluster, Redis } from 'ioredis';

import { AppConfig } from '../config/app-config.js';
import { DependencyMetrics } from '../metrics/dependency-metrics.service.js';
import { RedisClients } from '../redis/redis-clients.js';

/**
 * Readiness of Redis: a `PING` over a connection of its own, opened
 * on the first check, bounded by a timeout so a down Redis reports down
 * instead of hanging. Only used with Redis (docs/api.md#operating, docs/api.md#scaling): with Sentinel
 * the current master answers, with a Cluster the node the client picks.
 * The same `PING` is the `redis` probe of `accounts_dependency_up` on `/metrics`.
 */
@Injectable()
export class RedisHealthIndicator implements OnApplicationShutdown {
  private client: Redis | Cluster | undefined;

  constructor(
    private readonly clients: RedisClients,
    private readonly indicator: HealthIndicatorService,
    config: AppConfig,
    @Optional() dependencies?: DependencyMetrics,
  ) {
    if (config.redisUrl)
      dependencies?.register('redis', async () => {
        await this.connection().ping();
      });
  }

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

  private connection(): Redis | Cluster {
    if (!this.client) {
      this.client = this.clients.client('health');
      // Failures surface through PING; the 'error' event must have a listener or it would be thrown.
      this.client.on('error', () => undefined);
    }
    return this.client;
  }
}
