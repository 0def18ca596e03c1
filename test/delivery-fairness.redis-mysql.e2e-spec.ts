import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { CallbackReceiver } from './support/callback-receiver.js';
import type { TestProcess } from './support/child-process.js';
import { databaseUrlOf, deleteRedisKeys, deliveryEnv, scenario, startWorker } from './support/delivery-processes.js';
import { sleep } from './support/deliveries.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { TestApp } from './support/test-app.js';
import { testRedisUrl } from './support/test-database.js';

const SHARED_REDIS = testRedisUrl()!;

/** Events sent; each goes to the four apps. */
const EVENTS = 30;

/**
 * Fair delivery across apps (operations.md#retries): three apps whose
 * receivers never answer and one healthy app, at the default callback
 * timeout (10 s) and concurrency, with two real workers. Each app holds at
 * most its share of a worker's slots; the others' deliveries keep their
 * normal latency.
 */
describe('one app with hanging receivers does not slow down the others', () => {
  const prefix = `test-fairness-${randomBytes(4).toString('hex')}`;
  // The suites' delivery settings, but the default callback timeout.
  const env = Object.fromEntries(Object.entries(deliveryEnv(SHARED_REDIS, prefix)).filter(([name]) => name !== 'CALLBACK_TIMEOUT_MS'));
  let t: TestApp;
  let receiver: CallbackReceiver;
  const workers: TestProcess[] = [];

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await TestApp.start(env);
    for (const name of ['worker-a', 'worker-b']) workers.push(await startWorker(name, { ...env, DATABASE_URL: databaseUrlOf(t.config) }));
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await t?.close();
    await receiver?.close();
    await deleteRedisKeys(SHARED_REDIS, prefix);
  });

  it("delivers the healthy app's events within 2 s (p99) while three apps' receivers hang, and every event reaches every app", async () => {
    expect(t.config.callbackTimeoutMs).toBe(10_000);
    const s = await scenario(t, receiver);
    await s.register(s.listener, '/healthy');
    const hanging = ['/hang-1', '/hang-2', '/hang-3'];
    for (const path of hanging) {
      receiver.hang(path);
      await s.register(await t.createApp(NO_PERMISSIONS, path.slice(1)), path);
    }
    const ids = Array.from({ length: EVENTS }, (_, i) => String(500 + i));
    for (const id of ids) await t.insertAccount({ id, teamId: null });

    const sentAt = new Map<string, number>();
    for (const id of ids) {
      sentAt.set(id, Date.now());
      await s.join(id);
      await sleep(200);
    }
    const received = await receiver.waitFor('/healthy', EVENTS, 20_000);
    const latencies = ids
      .map((id) => received.find((request) => JSON.parse(request.body).account.id === id)!.at - sentAt.get(id)!)
      .sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(0.99 * latencies.length) - 1];
    expect(p99, `latencies (ms): ${latencies.join(' ')}`).toBeLessThan(2000);

    // Each hanging app held at most its share (a quarter of the default 10 slots: 2) of each worker's slots.
    for (const path of hanging) {
      expect(receiver.requestsTo(path).length).toBeGreaterThan(0);
      expect(receiver.mostOpenAtOnce(path)).toBeLessThanOrEqual(2 * workers.length);
    }

    // Past the 10 s timeout the hung attempts are retried; once the receivers answer, every delivery succeeds.
    await sleep(11_000 - (Date.now() - sentAt.get(ids[0])!));
    for (const path of hanging) receiver.answerHanging(path);
    const deadline = Date.now() + 40_000;
    let deliveries: DeliveryEntity[] = [];
    while (Date.now() < deadline) {
      deliveries = await t.dataSource.manager.find(DeliveryEntity);
      if (deliveries.length === 4 * EVENTS && deliveries.every((delivery) => delivery.status === 'succeeded')) break;
      await sleep(250);
    }
    expect(deliveries.filter((delivery) => delivery.status === 'succeeded')).toHaveLength(4 * EVENTS);
    for (const path of ['/healthy', ...hanging]) {
      const accounts = new Set(receiver.requestsTo(path).map((request) => JSON.parse(request.body).account.id));
      expect(accounts.size).toBe(EVENTS);
    }
  }, 90_000);
});
