import type { DataSource } from 'typeorm';

import { DeliveryEntity } from '../../src/delivery/delivery.entity.js';

/**
 * Waits until every delivery in the database has left `pending` and returns
 * them by id (test helper: the delivery table is what operators see).
 * @throws Error after `timeoutMs`.
 */
export async function settledDeliveries(dataSource: DataSource, count: number, timeoutMs = 15_000): Promise<DeliveryEntity[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await dataSource.manager.find(DeliveryEntity, { order: { id: 'ASC' } });
    if (deliveries.length >= count && deliveries.every((delivery) => delivery.status !== 'pending')) return deliveries;
    if (Date.now() > deadline) throw new Error(`Deliveries not settled: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Settings of an API that delivers callbacks itself (embedded mode, no Redis) to local receivers, quickly:
 * retries after 100 ms and 200 ms, a 500 ms timeout, a 20 ms poll; `overrides` change or add settings.
 */
export function embeddedDeliveryEnv(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    REDIS_URL: undefined,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_RETRY_DELAYS: '100ms,200ms',
    CALLBACK_TIMEOUT_MS: '500',
    CALLBACK_POLL_INTERVAL_MS: '20',
    ...overrides,
  };
}
