import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CallbackReceiver } from './support/callback-receiver.js';
import type { TestProcess } from './support/child-process.js';
import { databaseUrlOf, deleteRedisKeys, deliveryEnv, scenario, startWorker } from './support/delivery-processes.js';
import { settledDeliveries, sleep } from './support/deliveries.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { TestApp } from './support/test-app.js';

/**
 * Several API instances and several workers on one MySQL/MariaDB database and
 * one Redis (docs/api.md#operating): the relay takes outbox rows with
 * `FOR UPDATE SKIP LOCKED`, so each event reaches each callback once. Part of
 * the run only when TEST_REDIS_URL is set and TEST_DATABASE_URL is MySQL/MariaDB
 * (vitest.config.ts): SQLite is the single-process embedded backend.
 */
const SHARED_REDIS = process.env.TEST_REDIS_URL!;

describe('two API instances and two workers on one database and one Redis', () => {
  const prefix = `test-callbacks-${randomBytes(4).toString('hex')}`;
  const env = deliveryEnv(SHARED_REDIS, prefix);
  let first: TestApp;
  let second: TestApp;
  let receiver: CallbackReceiver;
  const workers: TestProcess[] = [];

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    first = await TestApp.start(env);
    second = await TestApp.start({ ...env, DATABASE_URL: databaseUrlOf(first.config) });
    for (const name of ['worker-a', 'worker-b'])
      workers.push(await startWorker(name, { ...env, DATABASE_URL: databaseUrlOf(first.config) }));
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await second?.close();
    await first?.close();
    await receiver?.close();
    await deleteRedisKeys(SHARED_REDIS, prefix);
  });

  it('delivers each event to each callback exactly once', async () => {
    const s = await scenario(first, receiver);
    const other = await first.createApp(NO_PERMISSIONS, 'other');
    await s.register(s.listener, '/a');
    await s.register(other, '/b');
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
