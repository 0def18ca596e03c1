import { describe, expect, it } from 'vitest';

import { databaseUrlOf, useDeliveryQueue, useWorker } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { settledDeliveries, sleep } from './support/deliveries.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Several API instances and several workers on one MySQL/MariaDB database and
 * one Redis (docs/api.md#operating): the relay takes outbox rows with
 * `FOR UPDATE SKIP LOCKED`, so each event reaches each callback once. Part of
 * the run only when TEST_REDIS_URL is set and TEST_DATABASE_URL is MySQL/MariaDB
 * (vitest.config.ts): SQLite is the single-process embedded backend.
 */
describe('two API instances and two workers on one database and one Redis', () => {
  const queue = useDeliveryQueue('callbacks');
  const { t: first, receiver, s } = useDeliveryScenario(() => queue.env);
  const { t: second } = useTestApp(() => ({ ...queue.env, DATABASE_URL: databaseUrlOf(first.config) }));
  useWorker(first, () => queue.env, 'worker-a');
  useWorker(first, () => queue.env, 'worker-b');

  it('delivers each event to each callback exactly once', async () => {
    await s.register(s.listener, '/a');
    await s.register(s.other, '/b');
    const count = 20;
    for (let i = 0; i < count; i += 1) await first.insertAccount({ id: String(100 + i), teamId: null });
    await Promise.all(Array.from({ length: count }, (_, i) => s.join(String(100 + i), i % 2 === 0 ? first : second)));
    await receiver.waitFor('/a', count, 30_000);
    await receiver.waitFor('/b', count, 30_000);
    await sleep(1500);
    for (const path of ['/a', '/b']) {
      const requests = receiver.requestsTo(path);
      expect(requests).toHaveLength(count);
      expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(count);
      expect(new Set(requests.map((request) => JSON.parse(request.body).account.id)).size).toBe(count);
    }
    const deliveries = await settledDeliveries(first.dataSource, 2 * count);
    expect(deliveries).toHaveLength(2 * count);
    expect(deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
  }, 60_000);
});
