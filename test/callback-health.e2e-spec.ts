import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DeliveryAttemptEntity } from '../src/delivery/delivery-attempt.entity.js';
import { DeliveryRetentionPruner } from '../src/delivery/admin/delivery-retention.pruner.js';
import type { ReceivedCallback } from './support/callback-receiver.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { embeddedDeliveryEnv, settledDeliveries, sleep } from './support/deliveries.js';

const OLD_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const CALLBACK = '/callback/account_team_update';

/** Callback health, auto-disable, recovery, secret rotation and retention (docs/api.md#delivery-log), embedded delivery. */
describe('callback health and secret rotation', () => {
  const { t, receiver, s } = useDeliveryScenario(
    embeddedDeliveryEnv({
      CALLBACK_RETRY_DELAYS: '100ms',
      CALLBACK_TIMEOUT_MS: '1000',
      CALLBACK_DISABLE_AFTER: '2s',
      CALLBACK_SECRET_GRACE: '3s',
    }),
  );

  async function callback(): Promise<any> {
    const response = await t.http.get(CALLBACK, { auth: s.listener });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('disables a callback after CALLBACK_DISABLE_AFTER of failures; enable and recover deliver every held event exactly once', async () => {
    await s.register(s.listener, '/down', OLD_SECRET);
    receiver.script('/down', ...Array.from({ length: 10 }, () => ({ status: 400, body: 'down' })));
    await s.emit();
    await settledDeliveries(t.dataSource, 1);
    const failing = await callback();
    expect(failing).toMatchObject({ disabled: false, disabled_at: null, failing_since: expect.any(Number), last_success_at: null });

    await sleep(2100);
    await s.emit();
    await settledDeliveries(t.dataSource, 2);
    const disabled = await callback();
    expect(disabled).toMatchObject({ disabled: true, disabled_at: expect.any(Number), failing_since: failing.failing_since });
    expect(receiver.requestsTo('/down')).toHaveLength(2);
    const metrics = (await t.http.get('/metrics')).text;
    expect(metrics).toMatch(/^callbacks_disabled 1$/m);
    expect(metrics).toMatch(/^callback_disabled_total 1$/m);

    // Held: recorded failed with "callback disabled", never sent.
    await s.emit();
    await s.emit();
    await s.emit();
    const held = await settledDeliveries(t.dataSource, 5);
    await sleep(200);
    expect(receiver.requestsTo('/down')).toHaveLength(2);
    expect(held.slice(2).map((delivery) => [delivery.status, delivery.lastError, delivery.totalAttempts])).toEqual([
      ['failed', 'callback disabled', 0],
      ['failed', 'callback disabled', 0],
      ['failed', 'callback disabled', 0],
    ]);
    const log = await t.http.get(`${CALLBACK}/deliveries?status=failed`, { auth: s.listener });
    expect(log.body.results).toBe(5);
    expect(log.body.data[0]).toMatchObject({ last_error: 'callback disabled', attempts: 0, last_attempt_at: null });

    receiver.reset();
    const enabled = await t.http.post(`${CALLBACK}/enable`, { auth: s.listener, body: {} });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ ...disabled, disabled: false, disabled_at: null, failing_since: null });
    const recover = await t.http.post(`${CALLBACK}/recover`, { auth: s.listener, body: { since: 0 } });
    expect(recover.status).toBe(202);
    expect(recover.body).toEqual({ redelivered: 5 });

    await receiver.waitFor('/down', 5);
    const delivered = await settledDeliveries(t.dataSource, 5);
    await sleep(300);
    const ids = receiver.requestsTo('/down').map((request) => request.headers['webhook-id']);
    expect(ids.sort()).toEqual(held.map((delivery) => delivery.webhookId).sort());
    expect(delivered.every((delivery) => delivery.status === 'succeeded')).toBe(true);
    expect(await callback()).toMatchObject({ disabled: false, failing_since: null, last_success_at: expect.any(Number) });
    expect((await t.http.get('/metrics')).text).toMatch(/^callbacks_disabled 0$/m);
  });

  it('a PUT enables a disabled callback again', async () => {
    await s.register(s.listener, '/put', OLD_SECRET);
    await t.dataSource.manager.update(CallbackEntity, { appId: s.listener.id }, { disabledAt: 1, failingSince: 1 });
    expect(await callback()).toMatchObject({ disabled: true, disabled_at: 1, failing_since: 1 });
    await s.register(s.listener, '/put', OLD_SECRET);
    expect(await callback()).toMatchObject({ disabled: false, disabled_at: null, failing_since: null });
    expect((await t.http.post('/callbacks/account_team_update/enable', { auth: s.listener, body: {} })).status).toBe(200);
    expect((await t.http.delete(CALLBACK, { auth: s.listener })).status).toBe(204);
    expect((await t.http.post(`${CALLBACK}/enable`, { auth: s.listener, body: {} })).status).toBe(404);
  });

  it('answers a ping to a disabled callback with the delivery held, failed with "callback disabled", and sends nothing', async () => {
    await s.register(s.listener, '/ping-disabled', OLD_SECRET);
    await t.dataSource.manager.update(CallbackEntity, { appId: s.listener.id }, { disabledAt: 1, failingSince: 1 });
    const ping = await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} });
    expect(ping.status).toBe(202);
    const [held] = await t.dataSource.manager.find(DeliveryEntity);
    expect(ping.body).toEqual({
      id: String(held.id),
      webhook_id: held.webhookId,
      event: 'ping',
      status: 'failed',
      attempts: 0,
      created_at: held.createdAt,
      last_attempt_at: null,
      next_attempt_at: null,
      last_response_status: null,
      last_error: 'callback disabled',
      url: receiver.url('/ping-disabled'),
    });
    const read = await t.http.get(`${CALLBACK}/deliveries/${held.id}`, { auth: s.listener });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject(ping.body);
    expect(read.body.attempt_log).toEqual([]);
    await sleep(300);
    expect(receiver.requestsTo('/ping-disabled')).toEqual([]);
  });

  it('signs with the new and the old secret during the grace, under a steady stream; each verifier alone accepts every delivery', async () => {
    await s.register(s.listener, '/rotate', OLD_SECRET);
    const verifyOld = (request: ReceivedCallback) =>
      new Webhook(OLD_SECRET).verify(request.body, request.headers as Record<string, string>);
    const verifyNew = (request: ReceivedCallback) =>
      new Webhook(NEW_SECRET).verify(request.body, request.headers as Record<string, string>);

    let streaming = true;
    let emitted = 0;
    const stream = (async () => {
      while (streaming) {
        await s.emit();
        emitted += 1;
        await sleep(30);
      }
    })();
    // Enough deliveries on each side of the rotation, however busy the machine (counted, not timed).
    const verifies = (request: ReceivedCallback, verify: (request: ReceivedCallback) => unknown) => {
      try {
        verify(request);
        return true;
      } catch {
        return false;
      }
    };
    const signedWithNew = () => receiver.requestsTo('/rotate').filter((request) => verifies(request, verifyNew)).length;
    await receiver.waitFor('/rotate', 4);
    const rotated = await t.http.put(CALLBACK, { auth: s.listener, body: { url: receiver.url('/rotate'), secret: NEW_SECRET } });
    expect(rotated.status).toBe(200);
    expect(JSON.stringify(rotated.body)).not.toContain(OLD_SECRET.slice(6));
    const rotatedAt = Date.now();
    await sleep(1200);
    // (while well inside the 3 s grace, so that every one of them carries both signatures)
    while (signedWithNew() < 4 && Date.now() < rotatedAt + 2000) await sleep(50);
    streaming = false;
    await stream;
    await receiver.waitFor('/rotate', emitted);

    const requests = receiver.requestsTo('/rotate');
    // whsec_ secrets: no delivery carries either of them (docs/api.md#events); the signatures tell them apart.
    expect(requests.filter((request) => request.headers.authorization !== undefined)).toEqual([]);
    const afterRotation = requests.filter((request) => verifies(request, verifyNew));
    const beforeRotation = requests.filter((request) => !verifies(request, verifyNew));
    expect(afterRotation.length).toBeGreaterThan(3);
    expect(beforeRotation.length).toBeGreaterThan(3);
    for (const request of afterRotation) {
      expect(request.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
      expect(() => verifyOld(request)).not.toThrow();
      expect(() => verifyNew(request)).not.toThrow();
    }
    for (const request of beforeRotation) {
      expect(request.at).toBeLessThan(rotatedAt + 100);
      expect(() => verifyOld(request)).not.toThrow();
    }

    // After the grace: the new signature only, and the old secret is forgotten.
    await sleep(3000 - (Date.now() - rotatedAt) + 100);
    const pruned = await t.app.get(DeliveryRetentionPruner).prune();
    expect(pruned.secrets).toBe(1);
    expect(await t.dataSource.manager.findOneByOrFail(CallbackEntity, { appId: s.listener.id })).toMatchObject({
      previousSecrets: [],
      previousSecretsUntil: null,
    });
    receiver.reset();
    await s.emit();
    const [late] = await receiver.waitFor('/rotate', 1);
    expect(late.headers['webhook-signature']).toMatch(/^v1,\S+$/);
    expect(() => verifyNew(late)).not.toThrow();
    expect(() => verifyOld(late)).toThrow();
  });

  it('prunes deliveries that ended more than DELIVERY_RETENTION ago with their attempt log, never pending ones', async () => {
    await s.register(s.listener, '/old', OLD_SECRET);
    receiver.script('/old', { status: 503 });
    await s.emit();
    await settledDeliveries(t.dataSource, 1);
    await s.emit();
    const [first, second] = await settledDeliveries(t.dataSource, 2);
    expect(await t.dataSource.manager.count(DeliveryAttemptEntity)).toBe(3);
    const longAgo = Date.now() / 1000 - 31 * 86_400;
    await t.dataSource.manager.update(DeliveryEntity, { id: first.id }, { createdAt: longAgo, updatedAt: longAgo });
    await t.dataSource.manager.update(
      DeliveryEntity,
      { id: second.id },
      { createdAt: longAgo, updatedAt: longAgo, status: 'pending', nextAttemptAt: 2e9 },
    );

    const pruned = await t.app.get(DeliveryRetentionPruner).prune();
    expect(pruned).toMatchObject({ deliveries: 1 });
    expect((await t.dataSource.manager.find(DeliveryEntity)).map((delivery) => delivery.id)).toEqual([second.id]);
    expect(await t.dataSource.manager.findBy(DeliveryAttemptEntity, {})).toEqual([expect.objectContaining({ deliveryId: second.id })]);
    expect((await t.http.get(`${CALLBACK}/deliveries/${first.id}`, { auth: s.listener })).status).toBe(404);
  });
});

/** Several secret changes within CALLBACK_SECRET_GRACE (docs/api.md#secret-rotation), embedded delivery. */
describe('secret rotation, repeated', () => {
  const SECRETS = [
    'whsec_rhA9ucrbmKpcKM4wz0J353HMyCVgrdMz',
    'whsec_xbGCPWz/s1EaBljMV8/gnXZNW2SG7vAM',
    'whsec_NJU2X/+2pVOtLrM+eIyGGUEmwQGizoU9',
  ];
  const GRACE_MS = 6000;
  const { t, receiver, s } = useDeliveryScenario(embeddedDeliveryEnv({ CALLBACK_SECRET_GRACE: '6s' }));

  /** The `webhook-signature` a delivery signed with `secrets`, in that order. */
  const signedWith = (request: ReceivedCallback, secrets: string[]) =>
    secrets
      .map((secret) =>
        new Webhook(secret).sign(
          request.headers['webhook-id'] as string,
          new Date(Number(request.headers['webhook-timestamp']) * 1000),
          request.body,
        ),
      )
      .join(' ');
  const verifies = (request: ReceivedCallback, secret: string) => {
    try {
      new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };
  async function deliverOne(): Promise<ReceivedCallback> {
    receiver.reset();
    await s.emit();
    const [request] = await receiver.waitFor('/three', 1);
    return request;
  }
  const stored = () => t.dataSource.manager.findOneByOrFail(CallbackEntity, { appId: s.listener.id });

  it('signs with every secret current during the last grace, newest first, each until its own grace ends', async () => {
    const [first, second, third] = SECRETS;
    await s.register(s.listener, '/three', first);
    await s.register(s.listener, '/three', second);
    const firstReplaced = Date.now();
    await sleep(GRACE_MS / 2);
    await s.register(s.listener, '/three', third);
    const secondReplaced = Date.now();

    // Three secrets in one grace: a receiver on any of them verifies.
    const all = await deliverOne();
    expect(all.headers.authorization).toBeUndefined();
    expect(all.headers['webhook-signature']).toBe(signedWith(all, [third, second, first]));
    expect(SECRETS.map((secret) => verifies(all, secret))).toEqual([true, true, true]);

    // The first one's grace is over; the minute pass forgets it, and only it.
    await sleep(firstReplaced + GRACE_MS + 100 - Date.now());
    expect((await t.app.get(DeliveryRetentionPruner).prune()).secrets).toBe(1);
    expect((await stored()).previousSecrets.map((previous) => previous.secret)).toEqual([second]);
    const two = await deliverOne();
    expect(two.headers['webhook-signature']).toBe(signedWith(two, [third, second]));
    expect(SECRETS.map((secret) => verifies(two, secret))).toEqual([false, true, true]);

    // Then the second one's.
    await sleep(secondReplaced + GRACE_MS + 100 - Date.now());
    expect((await t.app.get(DeliveryRetentionPruner).prune()).secrets).toBe(1);
    expect(await stored()).toMatchObject({ previousSecrets: [], previousSecretsUntil: null });
    const one = await deliverOne();
    expect(one.headers['webhook-signature']).toBe(signedWith(one, [third]));
    expect(SECRETS.map((secret) => verifies(one, secret))).toEqual([false, false, true]);
  }, 40_000);
});
