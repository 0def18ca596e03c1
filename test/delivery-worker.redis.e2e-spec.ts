import { Queue } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DELIVERY_QUEUE } from '../src/delivery/scheduling/delivery-queue.js';
import { redisConnectionOptions } from '../src/redis/redis-options.js';
import { runCli, useDeliveryQueue, useOwnRedis, useProcesses, useWorker } from './support/delivery-processes.js';
import { useDeliveryScenario, WHSEC } from './support/delivery-scenario.js';
import { pendingAfterAttempts, settledDeliveries, sleep } from './support/deliveries.js';
import { teamUpdateBody } from './support/event-bodies.js';
import { testRedisUrl } from './support/test-database.js';

/**
 * Redis mode (docs/api.md#events, docs/api.md#operating): real worker processes (`node <dist>/worker.js`),
 * a real Redis and a local receiver. Part of the run only when TEST_REDIS_URL is set
 * (vitest.config.ts). Each block uses its own queue prefix.
 */

describe('delivery worker', () => {
  const redisQueue = useDeliveryQueue('callbacks');
  const { t, receiver, s } = useDeliveryScenario(() => redisQueue.env);
  const worker = useWorker(t, () => redisQueue.env);
  let queue: Queue;

  beforeAll(() => {
    queue = new Queue(DELIVERY_QUEUE, { connection: redisConnectionOptions(testRedisUrl()!), prefix: redisQueue.prefix });
  });
  afterAll(async () => {
    await queue?.close();
  });

  it('delivers 500, 500, 200 on the third attempt with one webhook-id and a valid signature', async () => {
    await s.register(s.listener, '/flaky');
    receiver.script('/flaky', { status: 500 }, { status: 500 }, { status: 200 });
    await t.insertAccount({ id: '1', teamId: null });
    const account = await s.join('1');
    const requests = await receiver.waitFor('/flaky', 3);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    for (const request of requests) {
      expect(request.headers['x-callback-event']).toBe('account_team_update');
      // A whsec_ secret is never sent, in no header and no body (docs/api.md#events).
      expect(request.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request.headers) + request.body).not.toContain(WHSEC.slice('whsec_'.length));
      expect(new Webhook(WHSEC).verify(request.body, request.headers as Record<string, string>)).toEqual(teamUpdateBody(account, 1));
    }
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatus: 200, lastError: null });
    await sleep(500);
    expect(receiver.requestsTo('/flaky')).toHaveLength(3);
  }, 30_000);

  it('sends a plain secret as Authorization: Bearer from the worker too', async () => {
    await s.register(s.listener, '/plain', 'plain-worker-secret');
    const account = await s.emit();
    const [request] = await receiver.waitFor('/plain', 1);
    expect(request.headers.authorization).toBe('Bearer plain-worker-secret');
    expect(JSON.parse(request.body)).toEqual(teamUpdateBody(account, 1));
  }, 30_000);

  it('fails a 400 at once (its job completes, the row keeps the failure), and lets an operator list and redeliver it with the CLI', async () => {
    await s.register(s.listener, '/reject');
    receiver.script('/reject', { status: 400 });
    await t.insertAccount({ id: '2', teamId: null });
    await s.join('2');
    const [first] = await receiver.waitFor('/reject', 1);
    const [failed] = await settledDeliveries(t.dataSource, 1);
    expect(
      failed,
      worker.output.slice(-3000) + JSON.stringify(receiver.received.map((r) => [r.path, r.headers['webhook-id']])),
    ).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 400, lastError: 'HTTP 400' });
    await sleep(500);
    expect(receiver.requestsTo('/reject')).toHaveLength(1);
    const jobs = (await queue.getJobs(['completed', 'failed'])).filter((job) => job.data.deliveryId === failed.id);
    expect(jobs.map((job) => [job.id, job.returnvalue])).toEqual([
      [`delivery-${failed.id}-${Math.round(jobs[0].data.admittedAt! * 1000)}`, 'failed'],
    ]);
    expect((await t.http.get('/metrics')).text).toContain('callback_queue_jobs{state="failed"} 1\n');

    const listed = await runCli(t, ['deliveries', 'list', '--failed', '--json'], redisQueue.env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      {
        id: String(failed.id),
        webhook_id: failed.webhookId,
        event: 'account_team_update',
        status: 'failed',
        attempts: 1,
        created_at: failed.createdAt,
        last_attempt_at: failed.lastAttemptAt,
        next_attempt_at: null,
        last_response_status: 400,
        last_error: 'HTTP 400',
        url: receiver.url('/reject'),
        app: `A${s.listener.id}`,
      },
    ]);
    const text = await runCli(t, ['deliveries', 'list'], redisQueue.env);
    expect(text.stdout).toContain(`#${failed.id}\tfailed\tevent=account_team_update\tapp=A${s.listener.id}\tattempts=1\tlast_status=400\t`);

    const redeliver = await runCli(t, ['deliveries', 'redeliver', String(failed.id)], redisQueue.env);
    expect(redeliver.code, redeliver.stderr).toBe(0);
    expect(redeliver.stdout.trim()).toBe(`Delivery ${failed.id} is queued for redelivery.`);
    const [, second] = await receiver.waitFor('/reject', 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const [delivered] = await settledDeliveries(t.dataSource, 1);
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 1, round: 1, lastStatus: 200 });
    // The gauge counts the deliveries that are failed now.
    expect((await t.http.get('/metrics')).text).toContain('callback_queue_jobs{state="failed"} 0\n');

    // A succeeded delivery can be sent again too, as through the apps' API (docs/api.md#delivery-log); the worker sends round 2.
    const again = await runCli(t, ['deliveries', 'redeliver', String(failed.id)], redisQueue.env);
    expect(again.code, again.stderr).toBe(0);
    const [, , third] = await receiver.waitFor('/reject', 3);
    expect(third.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect((await settledDeliveries(t.dataSource, 1))[0]).toMatchObject({ status: 'succeeded', round: 2, totalAttempts: 3 });
  }, 60_000);

  it('cancels the pending deliveries of a deleted callback at once (the API and the CLI show it), and sends them nothing more', async () => {
    await s.register(s.listener, '/gone');
    // The retry is due in 2 s: before, it stayed pending until then.
    receiver.script('/gone', { status: 503, headers: { 'retry-after': '2' } });
    await t.insertAccount({ id: '3', teamId: null });
    await s.join('3');
    await receiver.waitFor('/gone', 1);
    const waiting = await pendingAfterAttempts(t.http, s.listener, 1);
    expect(waiting).toMatchObject({ status: 'pending', next_attempt_at: expect.any(Number) });

    expect((await t.http.delete('/callbacks/account_team_update', { auth: s.listener })).status).toBe(204);
    // No wait: the DELETE's transaction cancelled it (docs/api.md#delivery-log).
    const log = await t.http.get('/callback/account_team_update/deliveries', { auth: s.listener });
    expect(log.body.data).toEqual([
      { ...waiting, status: 'cancelled', next_attempt_at: null, last_error: 'The callback was deleted before delivery.' },
    ]);
    const list = await runCli(t, ['deliveries', 'list'], redisQueue.env);
    expect(list.stdout).toContain(`#${waiting.id}\tcancelled\tevent=account_team_update\tapp=A${s.listener.id}\tattempts=1\t`);

    // Past the retry's due time, a later event reaches a new callback; the cancelled delivery got nothing more.
    while (Date.now() / 1000 < waiting.next_attempt_at + 1) await sleep(100);
    await s.register(s.listener, '/new');
    await s.emit();
    await receiver.waitFor('/new', 1);
    expect(receiver.requestsTo('/gone')).toHaveLength(1);
    expect((await t.dataSource.manager.findOneByOrFail(DeliveryEntity, { id: Number(waiting.id) })).status).toBe('cancelled');
  }, 30_000);

  it('finishes the delivery in flight on SIGTERM, then exits', async () => {
    // The jobs of the tests above (the cancelled delivery's retry) are done first, so the worker's count below is this
    // test's delivery alone.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      if (Object.values(counts).every((count) => count === 0)) break;
      expect(Date.now(), JSON.stringify(counts)).toBeLessThan(deadline);
      await sleep(100);
    }
    await s.register(s.listener, '/inflight');
    receiver.script('/inflight', { status: 200, delayMs: 1500 });
    await t.insertAccount({ id: '4', teamId: null });
    await s.join('4');
    await receiver.waitFor('/inflight', 1);
    await worker.stop('SIGTERM');
    // Nest re-raises the signal once its shutdown hooks are done: the worker ends by SIGTERM, after the job.
    expect(worker.child.signalCode ?? worker.child.exitCode, worker.output.slice(-2000)).toBe('SIGTERM');
    const [delivery] = await t.dataSource.manager.find(DeliveryEntity);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatus: 200 });
    expect(receiver.requestsTo('/inflight')).toHaveLength(1);
    // It logged what it was waiting for, and when it had stopped.
    const shutdown = worker.output
      .split('\n')
      .filter((line) => line.includes('"context":"Shutdown"'))
      .map((line) => JSON.parse(line).msg);
    expect(shutdown).toEqual([
      'Shutting down (SIGTERM): finishing 1 delivery in flight',
      expect.stringMatching(/^Stopped after \d+ ms: finished 1 delivery$/),
    ]);
  }, 30_000);
});

describe('delivery when a worker dies mid-delivery', () => {
  const redisQueue = useDeliveryQueue('callbacks');
  const { t, receiver, s } = useDeliveryScenario(() => redisQueue.env);
  const processes = useProcesses();

  it("is delivered by another worker once the dead one's job lock expires", async () => {
    await s.register(s.listener, '/stalled');
    receiver.script('/stalled', { status: 200, delayMs: 30_000 }, { status: 200 });
    const first = await processes.worker('worker-1', redisQueue.env, t);
    await t.insertAccount({ id: '5', teamId: null });
    await s.join('5');
    const [cut] = await receiver.waitFor('/stalled', 1);
    await first.stop('SIGKILL');
    await processes.worker('worker-2', redisQueue.env, t);
    const [, retried] = await receiver.waitFor('/stalled', 2, 30_000);
    expect(retried.headers['webhook-id']).toBe(cut.headers['webhook-id']);
    expect(retried.body).toBe(cut.body);
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatus: 200 });
  }, 60_000);
});

describe('delivery across a Redis outage', () => {
  const redis = useOwnRedis();
  const redisQueue = useDeliveryQueue('callbacks', {}, () => redis.url);
  const { t, receiver, s } = useDeliveryScenario(() => redisQueue.env);
  useWorker(t, () => redisQueue.env);
  afterEach(async () => {
    if (!redis.running) await redis.start();
  });

  it('keeps an event committed while Redis is down and delivers it once Redis is back', async () => {
    await s.register(s.listener, '/outage');
    await t.insertAccount({ id: '6', teamId: null });
    await redis.stop();

    const started = Date.now();
    const account = await s.join('6');
    expect(Date.now() - started).toBeLessThan(1000);
    await sleep(1500);
    expect(receiver.requestsTo('/outage')).toHaveLength(0);
    const [waiting] = await t.dataSource.manager.find(DeliveryEntity);
    // Waiting in the database (tried again every two seconds, and put back while Redis is away).
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });

    await redis.start();
    const [request] = await receiver.waitFor('/outage', 1, 40_000);
    expect(JSON.parse(request.body)).toEqual(teamUpdateBody(account, 1));
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
  }, 60_000);

  it('re-enqueues a delivery whose job a restarted Redis lost', async () => {
    await s.register(s.listener, '/lost');
    receiver.script('/lost', { status: 503, headers: { 'retry-after': '3' } });
    await t.insertAccount({ id: '7', teamId: null });
    await s.join('7');
    await receiver.waitFor('/lost', 1);
    // The retry waits in Redis as a delayed job; a restart without persistence loses it.
    await redis.stop();
    await redis.start();
    const [, retried] = await receiver.waitFor('/lost', 2, 50_000);
    expect(retried.headers['webhook-id']).toBe(receiver.requestsTo('/lost')[0].headers['webhook-id']);
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
  }, 90_000);
});

describe('stopping a worker whose Redis is gone', () => {
  const redis = useOwnRedis();
  const redisQueue = useDeliveryQueue('callbacks', {}, () => redis.url);
  const { t, receiver, s } = useDeliveryScenario(() => redisQueue.env);
  const processes = useProcesses();

  it('exits within CALLBACK_TIMEOUT_MS + 10 s of SIGTERM, saying what it abandons; another worker delivers the event, same webhook-id', async () => {
    // CALLBACK_TIMEOUT_MS of the suite: 5 s.
    const bound = Number(redisQueue.env.CALLBACK_TIMEOUT_MS) + 10_000;
    await s.register(s.listener, '/stopping');
    receiver.script('/stopping', { status: 200, delayMs: 30_000 }, { status: 200 });
    const first = await processes.worker('worker-1', redisQueue.env, t);
    await t.insertAccount({ id: '8', teamId: null });
    await s.join('8');
    const [cut] = await receiver.waitFor('/stopping', 1);
    await redis.stop();

    const started = Date.now();
    const exit = await Promise.race([first.stop('SIGTERM'), sleep(bound + 5_000).then(() => 'still running' as const)]);
    const took = Date.now() - started;
    // Either the close hangs on the missing Redis and the deadline ends it (status 1), or the
    // attempt times out first, the close completes and the process ends by its signal.
    const ending = exit === 1 ? 'deadline' : exit === null && first.child.signalCode === 'SIGTERM' ? 'signal' : exit;
    expect(ending, first.output.slice(-3000)).toBeOneOf(['deadline', 'signal']);
    expect(took).toBeLessThan(bound);
    const shutdown = first.output
      .split('\n')
      .filter((line) => line.includes('"context":"Shutdown"'))
      .map((line) => JSON.parse(line).msg);
    expect(shutdown).toEqual([
      'Shutting down (SIGTERM): finishing 1 delivery in flight',
      ending === 'deadline'
        ? expect.stringMatching(/^Stop deadline of 10000 ms passed: abandoning (nothing|1 delivery) in flight$/)
        : expect.stringMatching(/^Stopped after \d+ ms: finished 1 delivery$/),
    ]);

    // Redis back (empty: it kept nothing), another worker: the event still arrives, with the same webhook-id.
    await redis.start();
    await processes.worker('worker-2', redisQueue.env, t);
    const [, again] = await receiver.waitFor('/stopping', 2, 60_000);
    expect(again.headers['webhook-id']).toBe(cut.headers['webhook-id']);
    expect(again.body).toBe(cut.body);
    const [delivery] = await settledDeliveries(t.dataSource, 1, 10_000);
    expect(delivery).toMatchObject({ status: 'succeeded', lastStatus: 200 });
  }, 120_000);
});
