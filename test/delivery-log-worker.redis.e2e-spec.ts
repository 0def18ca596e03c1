import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { useDeliveryQueue, useWorker } from './support/delivery-processes.js';
import { useDeliveryScenario, WHSEC } from './support/delivery-scenario.js';
import { settledDeliveries, sleep } from './support/deliveries.js';

const CALLBACK = '/callback/account_team_update';
const LOG = `${CALLBACK}/deliveries`;

/**
 * The delivery log (docs/api.md#delivery-log) with Redis: a real worker process
 * (`node <dist>/worker.js`) makes the attempts and writes their log, the API
 * shows and steers them; a real local receiver fails, hangs and answers long
 * bodies. Part of the run only when TEST_REDIS_URL is set (vitest.config.ts).
 */
describe('delivery log with a worker process', () => {
  const queue = useDeliveryQueue('delivery-log', {
    CALLBACK_RETRY_DELAYS: '100ms',
    CALLBACK_TIMEOUT_MS: '700',
    CALLBACK_DISABLE_AFTER: '2s',
    CALLBACK_SECRET_GRACE: '1h',
  });
  const { t, receiver, s } = useDeliveryScenario(() => queue.env);
  useWorker(t, () => queue.env);

  it("dates a team change's delivery at its event's commit and names its account, whenever the worker relays it", async () => {
    await s.register(s.listener, '/order');
    const account = await s.emit();
    const ping = await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} });
    expect(ping.status).toBe(202);
    await settledDeliveries(t.dataSource, 2);
    const list = await t.http.get(LOG, { auth: s.listener });
    expect(list.body.data.map((delivery: { event: string }) => delivery.event)).toEqual(['ping', 'account_team_update']);
    const change = list.body.data[1];
    expect(change.created_at).toBeLessThanOrEqual(ping.body.created_at);
    const details = await t.http.get(`${LOG}/${change.id}`, { auth: s.listener });
    expect(new Date(Math.floor(change.created_at * 1000)).toISOString()).toBe(details.body.payload.occurred_at);
    const about = await t.http.get(`${LOG}?account=${account.id}`, { auth: s.listener });
    expect([about.body.results, about.body.data.map((delivery: { id: string }) => delivery.id)]).toEqual([1, [change.id]]);
  });

  it('logs every attempt of a failing, a hanging and a long-answering receiver; redeliver and recover go through the worker', async () => {
    await s.register(s.listener, '/mixed');
    receiver.script(
      '/mixed',
      { status: 503, body: 'x'.repeat(100_000) },
      { status: 200, body: `${'y'.repeat(2000)}` },
      { status: 200, delayMs: 1500 },
      { status: 200, delayMs: 1500 },
      { status: 422, body: 'bad payload' },
    );
    await s.emit();
    await settledDeliveries(t.dataSource, 1);
    await s.emit();
    await settledDeliveries(t.dataSource, 2, 20_000);
    await s.emit();
    const [long, hanging, refused] = await settledDeliveries(t.dataSource, 3);

    const list = await t.http.get(LOG, { auth: s.listener });
    expect(
      list.body.data.map((delivery: { id: string; status: string; attempts: number }) => [delivery.id, delivery.status, delivery.attempts]),
    ).toEqual([
      [String(refused.id), 'failed', 1],
      [String(hanging.id), 'failed', 2],
      [String(long.id), 'succeeded', 2],
    ]);
    const longLog = (await t.http.get(`${LOG}/${long.id}`, { auth: s.listener })).body.attempt_log;
    expect(
      longLog.map((attempt: { response_status: number; response_body: string }) => [attempt.response_status, attempt.response_body]),
    ).toEqual([
      [503, 'x'.repeat(1024)],
      [200, 'y'.repeat(1024)],
    ]);
    const hangingLog = (await t.http.get(`${LOG}/${hanging.id}`, { auth: s.listener })).body.attempt_log;
    expect(hangingLog).toEqual([
      expect.objectContaining({ attempt: 1, response_status: null, error: 'Timed out after 700 ms.', response_body: null }),
      expect.objectContaining({ attempt: 2, response_status: null, error: 'Timed out after 700 ms.', response_body: null }),
    ]);

    const redeliver = await t.http.post(`${LOG}/${refused.id}/redeliver`, { auth: s.listener, body: {} });
    expect(redeliver.status).toBe(202);
    const recover = await t.http.post(`${CALLBACK}/recover`, { auth: s.listener, body: { since: 0 } });
    expect(recover.status).toBe(202);
    expect(recover.body).toEqual({ redelivered: 1 });
    // 2 + 2 + 1 attempts, then the redelivery and the recovered one (started in the background).
    await receiver.waitFor('/mixed', 7);
    const settled = await settledDeliveries(t.dataSource, 3);
    expect(settled.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const refusedLog = (await t.http.get(`${LOG}/${refused.id}`, { auth: s.listener })).body;
    expect(refusedLog).toMatchObject({ status: 'succeeded', attempts: 2, webhook_id: refused.webhookId });
    expect(
      refusedLog.attempt_log.map((attempt: { attempt: number; response_status: number }) => [attempt.attempt, attempt.response_status]),
    ).toEqual([
      [1, 422],
      [2, 200],
    ]);
    const ids = receiver.requestsTo('/mixed').map((request) => request.headers['webhook-id']);
    expect(ids.filter((id) => id === refused.webhookId)).toHaveLength(2);
  }, 60_000);

  it('disables a failing callback; enable and recover deliver each held event once; a ping is signed with both secrets after rotation', async () => {
    await s.register(s.listener, '/down');
    receiver.script('/down', ...Array.from({ length: 6 }, () => ({ status: 410 })));
    await s.emit();
    await settledDeliveries(t.dataSource, 1);
    await sleep(2100);
    await s.emit();
    await settledDeliveries(t.dataSource, 2);
    expect((await t.http.get(CALLBACK, { auth: s.listener })).body).toMatchObject({ disabled: true });
    await s.emit();
    await s.emit();
    const held = await settledDeliveries(t.dataSource, 4);
    await sleep(300);
    expect(receiver.requestsTo('/down')).toHaveLength(2);
    expect(held.slice(2).map((delivery) => delivery.lastError)).toEqual(['callback disabled', 'callback disabled']);

    receiver.reset();
    expect((await t.http.post(`${CALLBACK}/enable`, { auth: s.listener, body: {} })).status).toBe(200);
    expect((await t.http.post(`${CALLBACK}/recover`, { auth: s.listener, body: { since: 0 } })).body).toEqual({ redelivered: 4 });
    await receiver.waitFor('/down', 4);
    await settledDeliveries(t.dataSource, 4);
    await sleep(500);
    expect(
      receiver
        .requestsTo('/down')
        .map((request) => request.headers['webhook-id'])
        .sort(),
    ).toEqual(held.map((delivery) => delivery.webhookId).sort());

    const next = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
    await s.register(s.listener, '/down', next);
    const ping = await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} });
    expect(ping.status).toBe(202);
    const [request] = (await receiver.waitFor('/down', 5)).slice(4);
    expect(request.headers['x-callback-event']).toBe('ping');
    for (const secret of [WHSEC, next]) {
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ event: 'ping' });
    }
  }, 60_000);
});
