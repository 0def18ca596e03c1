import { describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DeliveryRecoveryEntity } from '../src/delivery/delivery-recovery.entity.js';
import { backlogAheadOfFresh, notReceived, rateLimitedBacklog, registerWithBacklog, settled } from './support/isolation.js';
import { useDeliveryQueue, useProcesses } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { mostWithin, sleep } from './support/deliveries.js';

/**
 * docs/api.md#isolation-between-apps with worker processes on MySQL/MariaDB and Redis:
 * one app's recovered backlog does not hold up another app's fresh events on
 * the shared queue, `rate_limit` holds across workers, and a `recover`
 * answered 202 is carried out although the API that answered was killed.
 */
describe('isolation between apps, with workers', () => {
  const redisQueue = useDeliveryQueue('isolation');
  const { t, receiver, s } = useDeliveryScenario(() => redisQueue.env);
  const processes = useProcesses();

  it('delivers another app’s fresh events ahead of 5,000 deliveries one app recovers, on one worker', async () => {
    const backlog = await registerWithBacklog(t, s, receiver, s.listener, '/backlog', 5000);
    await s.register(s.other, '/fresh');
    await processes.worker('worker', redisQueue.env, t);
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 5000 }]);

    // In one first-in, first-out queue they would all come after the backlog; each window holds 40 of it.
    const ahead = await backlogAheadOfFresh(s, receiver, '/fresh', '/backlog', 5);
    expect(Math.max(...ahead), JSON.stringify(ahead)).toBeLessThan(2500);
    await receiver.waitFor('/backlog', 5005, 90_000);
    expect(notReceived(receiver, '/backlog', backlog.webhookIds)).toEqual([]);
  }, 150_000);

  it('holds rate_limit across two workers: at most 5 attempts in any second, none failed', async () => {
    const { deliveryIds: backlog } = await rateLimitedBacklog(t, s.listener, receiver.url('/limited'), 40);
    await Promise.all([processes.worker('worker-1', redisQueue.env, t), processes.worker('worker-2', redisQueue.env, t)]);
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 40 }]);

    // The recovery starts the rounds in the background: wait for the receiver, then for the outcomes.
    await receiver.waitFor('/limited', 40, 30_000);
    const rows = await settled(t, backlog, 30_000);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual(Array(40).fill(['succeeded', 1, null]));
    const limited = receiver.requestsTo('/limited');
    expect(limited).toHaveLength(40);
    expect(
      mostWithin(
        limited.map((request) => request.at),
        1000,
      ),
    ).toBe(5);
  }, 60_000);

  it('carries out a recover answered 202 by an API killed right after (kill -9), and replays its Idempotency-Key', async () => {
    const backlog = await registerWithBacklog(t, s, receiver, s.listener, '/recovered', 2000);
    // Another API answers and is killed at once: the work is the recovery row, which any process (here the test's
    // own API and the worker) carries out.
    const api = await processes.api(redisQueue.env, { name: 'api-killed' });
    const headers = { 'idempotency-key': 'recover-once' };
    const recovered = await api.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 }, headers });
    await api.process.stop('SIGKILL');
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 2000 }]);
    const [recovery] = await t.dataSource.manager.find(DeliveryRecoveryEntity);
    expect(recovery).toMatchObject({ appId: s.listener.id, event: 'account_team_update', deliveries: 2000 });

    await processes.worker('worker', redisQueue.env, t);
    await receiver.waitFor('/recovered', 2000, 60_000);
    expect(notReceived(receiver, '/recovered', backlog.webhookIds)).toEqual([]);
    const replay = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 }, headers });
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body]).toEqual([202, 'true', { redelivered: 2000 }]);
    const deadline = Date.now() + 20_000;
    while ((await t.dataSource.manager.countBy(DeliveryEntity, { status: 'pending' })) > 0 && Date.now() < deadline) await sleep(100);
    expect(await t.dataSource.manager.countBy(DeliveryEntity, { status: 'succeeded', callbackId: backlog.callbackId })).toBe(2000);
    expect((await t.dataSource.manager.findOneByOrFail(DeliveryRecoveryEntity, { id: recovery.id })).finishedAt).not.toBeNull();
  }, 120_000);
});
