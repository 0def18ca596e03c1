import { describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { useDeliveryQueue, useWorker } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { sleep } from './support/deliveries.js';
import { NO_PERMISSIONS } from './support/permissions.js';

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
  // The suites' delivery settings, but the default callback timeout.
  const queue = useDeliveryQueue('fairness', { CALLBACK_TIMEOUT_MS: undefined });
  const { t, receiver, s } = useDeliveryScenario(() => queue.env);
  const workers = ['worker-a', 'worker-b'];
  for (const name of workers) useWorker(t, () => queue.env, name);

  it("delivers the healthy app's events within 2 s (p99) while three apps' receivers hang, and every event reaches every app", async () => {
    expect(t.config.callbackTimeoutMs).toBe(10_000);
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
