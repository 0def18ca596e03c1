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
