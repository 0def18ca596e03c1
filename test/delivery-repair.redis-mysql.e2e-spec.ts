import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DELIVERY_JOB, DELIVERY_QUEUE, deliveryJobId } from '../src/delivery/scheduling/delivery-queue.js';
import { redisConnectionOptions } from '../src/redis/redis-options.js';
import { OutboxEventEntity } from '../src/events/outbox-event.entity.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import type { TestProcess } from './support/child-process.js';
import { freePort, startRedis, useDeliveryQueue, useProcesses } from './support/delivery-processes.js';
import { scenario, useDeliveryScenario } from './support/delivery-scenario.js';
import { settledDeliveries, sleep } from './support/deliveries.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { testRedisUrl } from './support/test-database.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * docs/api.md#events: every delivery ends succeeded, failed or cancelled, or is on the
 * queue; the API holds no database lock while it talks to Redis. A Redis of the
 * suite's own (paused, stopped), the API in Redis mode and no worker: jobs stay
 * where the test can see them.
 */
describe('delivery queue repair and a Redis that stops answering', () => {
  let redis: TestProcess;
  let redisUrl: string;
  let queue: Queue;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    redisUrl = `redis://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await redis?.stop();
  });
  const receiver = useCallbackReceiver();
  const redisQueue = useDeliveryQueue('repair', {}, () => redisUrl);
  const { t } = useTestApp(() => redisQueue.env, { resetEach: true });
  const processes = useProcesses();
  beforeAll(() => {
    queue = new Queue(DELIVERY_QUEUE, { connection: redisConnectionOptions(redisUrl), prefix: redisQueue.prefix });
  });
  afterAll(async () => {
    await queue?.close();
  });
  beforeEach(async () => {
    await queue.obliterate({ force: true });
  });

  /** The job of the admission delivery `id` holds now (round 0), or undefined. */
  async function jobOf(id: number) {
    const row = await t.dataSource.manager.findOneBy(DeliveryEntity, { id });
    return row?.enqueuedAt == null ? undefined : queue.getJob(deliveryJobId({ id, admittedAt: row.enqueuedAt }));
  }

  /** Makes the job of delivery `id`'s admission at `admittedAt` (round 0) end `failed` or `completed`, with a worker of the test's own. */
  async function settleJob(id: number, admittedAt: number, end: 'failed' | 'completed'): Promise<void> {
    const worker = new Worker(
      DELIVERY_QUEUE,
      async () => {
        if (end === 'failed') throw new UnrecoverableError('job stalled more than allowable limit');
        return 'done';
      },
      { connection: redisConnectionOptions(redisUrl), prefix: redisQueue.prefix, autorun: false },
    );
    await queue.add(DELIVERY_JOB, { deliveryId: id, round: 0, admittedAt }, { jobId: deliveryJobId({ id, admittedAt }) });
    const settled = new Promise<void>((resolve) => worker.on(end, () => resolve()));
    void worker.run();
    await settled;
    await worker.close();
  }

  it('marks failed a delivery whose job failed, gives back one whose job completed, re-adds missing ones, and reads every overdue row', async () => {
    const longAgo = Math.round(Date.now() / 1000 - 3600);
    await settleJob(1, longAgo, 'failed');
    await settleJob(2, longAgo, 'completed');
    const app = await t.createApp(NO_PERMISSIONS, 'listener');
    const [callback] = (
      await t.dataSource.manager.insert(CallbackEntity, {
        appId: app.id,
        event: 'account_team_update',
        url: receiver.url('/x'),
        secret: 's',
        createdAt: 0,
        updatedAt: 0,
      })
    ).identifiers;
    const [event] = (
      await t.dataSource.manager.insert(OutboxEventEntity, { type: 'account_team_update', payload: '{}', createdAt: 0, dispatchedAt: 0 })
    ).identifiers;
    const rows = Array.from({ length: 230 }, (_, index) => ({
      id: index + 1,
      eventId: event.id as number,
      callbackId: callback.id as number,
      appId: app.id,
      webhookId: `msg_${index + 1}`,
      status: 'pending' as const,
      attempts: 0,
      round: 0,
      nextAttemptAt: longAgo,
      enqueuedAt: longAgo,
      createdAt: longAgo,
      updatedAt: longAgo,
    }));
    // (event, callback) is unique: one event per row.
    await t.dataSource.manager.insert(
      OutboxEventEntity,
      rows.slice(1).map(() => ({ type: 'account_team_update', payload: '{}', createdAt: 0, dispatchedAt: 0 })),
    );
    await t.dataSource.manager.insert(
      DeliveryEntity,
      rows.map((row, index) => ({ ...row, eventId: (event.id as number) + index })),
    );

    const deadline = Date.now() + 20_000;
    let states: Record<string, number> = {};
    for (;;) {
      states = {};
      for (const row of rows.slice(2)) {
        const state = (await (await jobOf(row.id))?.getState()) ?? 'missing';
        states[state] = (states[state] ?? 0) + 1;
      }
      const failed = await t.dataSource.manager.findOneBy(DeliveryEntity, { id: 1 });
      const givenBack = await t.dataSource.manager.findOneBy(DeliveryEntity, { id: 2 });
      if ((states.waiting ?? 0) === 228 && failed?.status === 'failed' && givenBack?.enqueuedAt === null) break;
      if (Date.now() > deadline) break;
      await sleep(250);
    }
    expect(states).toEqual({ waiting: 228 });
    expect(await t.dataSource.manager.findOneBy(DeliveryEntity, { id: 1 })).toMatchObject({
      status: 'failed',
      lastError: 'Job failed: job stalled more than allowable limit',
    });
    // Its outcome was never recorded: back to the scheduler, which admits it once the app's window (20) has room.
    expect(await t.dataSource.manager.findOneBy(DeliveryEntity, { id: 2 })).toMatchObject({ status: 'pending', enqueuedAt: null });
    expect(await t.dataSource.manager.countBy(DeliveryEntity, { status: 'pending' })).toBe(229);
    // Job data are ids only (docs/api.md#events: URL, secret and body are read at delivery time); the app's holds it to its share of slots.
    expect((await jobOf(230))!.data).toEqual({ deliveryId: 230, round: 0, appId: app.id, admittedAt: longAgo });
  }, 60_000);

  it('never calls a callback deleted before any attempt: the worker cancels the delivery', async () => {
    const s = await scenario(t, receiver);
    await s.register(s.listener, '/deleted-early');
    await t.insertAccount({ id: '8', teamId: null });
    await s.join('8');
    // No worker runs yet: the delivery waits on the queue, unattempted.
    const deadline = Date.now() + 10_000;
    while ((await t.dataSource.manager.count(DeliveryEntity)) === 0 && Date.now() < deadline) await sleep(50);
    expect((await t.http.delete('/callback/account_team_update', { auth: s.listener })).status).toBe(204);
    const worker = await processes.worker('worker', redisQueue.env, t);
    try {
      const [delivery] = await settledDeliveries(t.dataSource, 1);
      expect(delivery).toMatchObject({ status: 'cancelled', attempts: 0, callbackId: null, lastStatus: null });
      expect(receiver.requestsTo('/deleted-early')).toEqual([]);
    } finally {
      await worker.stop('SIGTERM');
    }
  }, 60_000);

  it('holds no row lock while Redis does not answer, and enqueues once it answers again', async () => {
    const s = await scenario(t, receiver);
    await s.register(s.listener, '/paused');
    await t.insertAccount({ id: '9', teamId: null });
    const control = new Redis(redisUrl);
    try {
      await control.call('CLIENT', 'PAUSE', '3000', 'ALL');
      const started = Date.now();
      await s.join('9');
      expect(Date.now() - started).toBeLessThan(2000);
      // The pump claims the delivery and waits on Redis: another transaction can still lock its row at once.
      let claimed = false;
      for (let tries = 0; tries < 8; tries++) {
        await sleep(200);
        await t.dataSource.transaction(async (manager) => {
          const locked: { id: number; enqueued_at: number | null }[] = await manager.query(
            'SELECT id, enqueued_at FROM deliveries FOR UPDATE NOWAIT',
          );
          if (locked.length === 1 && locked[0].enqueued_at !== null) claimed = true;
        });
      }
      expect(claimed).toBe(true);
    } finally {
      control.disconnect();
    }
    const deadline = Date.now() + 15_000;
    let state = 'missing';
    while (Date.now() < deadline && state !== 'waiting') {
      const [delivery] = await t.dataSource.manager.find(DeliveryEntity);
      state =
        delivery.enqueuedAt === null
          ? 'missing'
          : ((await (await queue.getJob(deliveryJobId({ id: delivery.id, admittedAt: delivery.enqueuedAt })))?.getState()) ?? 'missing');
      await sleep(200);
    }
    expect(state).toBe('waiting');
  }, 60_000);
});

/**
 * A delivery admitted to the queue whose job never reached Redis (the
 * admitting process died, or Redis went away and the admission could not be
 * put back) is enqueued again within seconds, at the default job lock (30 s).
 */
describe('an admitted delivery whose job never reached Redis', () => {
  // The suites' delivery settings, but the default job lock.
  const redisQueue = useDeliveryQueue('repair', { CALLBACK_JOB_LOCK_MS: undefined });
  const { t, receiver, s } = useDeliveryScenario(() => redisQueue.env);
  const processes = useProcesses();
  let queue: Queue;

  beforeAll(() => {
    queue = new Queue(DELIVERY_QUEUE, { connection: redisConnectionOptions(testRedisUrl()!), prefix: redisQueue.prefix });
  });
  afterAll(async () => {
    await queue?.close();
  });

  it('is delivered within 15 s of the commit', async () => {
    expect(t.config.callbackJobLockMs).toBe(30_000);
    await s.register(s.listener, '/never-queued');
    await t.insertAccount({ id: '10', teamId: null });
    const committed = Date.now();
    await s.join('10');
    // No worker yet: take the job out of Redis as soon as it is there; the delivery stays marked queued.
    let removed = false;
    while (!removed && Date.now() - committed < 5000) {
      const [delivery] = await t.dataSource.manager.find(DeliveryEntity);
      const job = delivery?.enqueuedAt
        ? await queue.getJob(deliveryJobId({ id: delivery.id, admittedAt: delivery.enqueuedAt }))
        : undefined;
      if (job) {
        await job.remove();
        removed = true;
        expect(await t.dataSource.manager.findOneBy(DeliveryEntity, { id: delivery.id })).toMatchObject({
          status: 'pending',
          enqueuedAt: expect.any(Number),
        });
      } else await sleep(20);
    }
    expect(removed).toBe(true);
    await processes.worker('worker', redisQueue.env, t);
    const [request] = await receiver.waitFor('/never-queued', 1, 20_000);
    expect(request.at - committed).toBeLessThan(15_000);
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
  }, 60_000);
});
