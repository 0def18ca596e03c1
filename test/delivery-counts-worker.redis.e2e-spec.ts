import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { CallbackReceiver } from './support/callback-receiver.js';
import type { TestProcess } from './support/child-process.js';
import { expectCountsMatchTable, expectLogCounts } from './support/delivery-counts.js';
import { databaseUrlOf, deleteRedisKeys, deliveryEnv, startWorker, WHSEC } from './support/delivery-processes.js';
import { settledDeliveries, sleep } from './support/deliveries.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { TestApp } from './support/test-app.js';
import { testRedisUrl } from './support/test-database.js';

const SHARED_REDIS = testRedisUrl()!;
const EVENT = 'account_team_update';
const CALLBACK = `/callback/${EVENT}`;
const LOG = `${CALLBACK}/deliveries`;

/**
 * The delivery log's exact `results` and `pages` (docs/api.md#pagination,
 * docs/api.md#delivery-log) with Redis: a real worker process (`node
 * <dist>/worker.js`) writes every outcome on its own connections, the API relays
 * and steers. Part of the run only when TEST_REDIS_URL is set (vitest.config.ts).
 */
describe('delivery log counts with a worker process', () => {
  const prefix = `test-delivery-counts-${randomBytes(4).toString('hex')}`;
  const env = {
    ...deliveryEnv(SHARED_REDIS, prefix),
    CALLBACK_RETRY_DELAYS: '1s',
    CALLBACK_TIMEOUT_MS: '3000',
    DELIVERY_RETENTION: '520w',
  };
  let t: TestApp;
  let receiver: CallbackReceiver;
  let worker: TestProcess;
  let admin: Credentials;
  let app: Credentials & { id: number };
  let other: Credentials & { id: number };
  let team: number;
  let accounts = 0;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await TestApp.start(env);
    worker = await startWorker('worker', { ...env, DATABASE_URL: databaseUrlOf(t.config) });
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await t?.close();
    await receiver?.close();
    await deleteRedisKeys(SHARED_REDIS, prefix);
  });
  beforeEach(async () => {
    await t.reset();
    receiver.reset();
    admin = await t.createApp(APP_PERMISSIONS, 'admin');
    app = await t.createApp(NO_PERMISSIONS, 'listener');
    other = await t.createApp(NO_PERMISSIONS, 'other');
    team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
  });

  async function register(who: Credentials, path: string): Promise<void> {
    expect((await t.http.put(CALLBACK, { auth: who, body: { url: receiver.url(path), secret: WHSEC } })).status).toBe(200);
  }

  async function emit(): Promise<void> {
    accounts += 1;
    const id = String(7000 + accounts);
    await t.insertAccount({ id, teamId: null });
    expect((await t.http.patch(`/account/${id}`, { auth: admin, body: { team } })).status).toBe(200);
  }

  it("stays exact through the worker's outcomes, ping, redelivery, holding, recovery and cancellation", async () => {
    await register(app, '/hook');
    receiver.script('/hook', { status: 503 }, { status: 200 });
    await emit();
    await receiver.waitFor('/hook', 1);
    await expectLogCounts(t.http, app, EVENT, { pending: 1 });
    await settledDeliveries(t.dataSource, 1);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 1 });

    receiver.script('/hook', { status: 400 });
    await emit();
    const failed = (await settledDeliveries(t.dataSource, 2))[1];
    await expectLogCounts(t.http, app, EVENT, { succeeded: 1, failed: 1 });

    receiver.script('/hook', { status: 200, delayMs: 2000 });
    expect((await t.http.post(`${CALLBACK}/ping`, { auth: app, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 4);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 1, failed: 1, pending: 1 });
    await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 2, failed: 1 });

    receiver.script('/hook', { status: 200, delayMs: 2000 });
    expect((await t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: app, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 5);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 2, pending: 1 });
    await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 3 });

    await t.dataSource.manager.update(CallbackEntity, { appId: app.id }, { disabledAt: 1, failingSince: 1 });
    await emit();
    await emit();
    await settledDeliveries(t.dataSource, 5);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 3, failed: 2 });
    expect((await t.http.post(`${CALLBACK}/enable`, { auth: app, body: {} })).status).toBe(200);
    expect((await t.http.post(`${CALLBACK}/recover`, { auth: app, body: { since: 0 } })).body).toEqual({ redelivered: 2 });
    await receiver.waitFor('/hook', 7);
    await settledDeliveries(t.dataSource, 5);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 5 });

    receiver.script('/hook', { status: 503 });
    await emit();
    await receiver.waitFor('/hook', 8);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 5, pending: 1 });
    expect((await t.http.delete(CALLBACK, { auth: app })).status).toBe(204);
    await settledDeliveries(t.dataSource, 6);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 5, cancelled: 1 });
    await expectCountsMatchTable(t.dataSource);
  }, 60_000);

  it('equals a fresh count after a concurrent burst of events, outcomes, pings, redeliveries and recoveries', async () => {
    await register(app, '/burst');
    await register(other, '/burst-other');
    for (let i = 0; i < 60; i++) receiver.script('/burst', { status: i % 3 === 0 ? 400 : 200 });
    await Promise.all(Array.from({ length: 30 }, () => emit()));
    await Promise.all(Array.from({ length: 10 }, () => t.http.post(`${CALLBACK}/ping`, { auth: app, body: {} })));
    const settled = await settledDeliveries(t.dataSource, 70, 30_000);
    const failed = settled.filter((row) => row.appId === app.id && row.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    await Promise.all([
      ...Array.from({ length: 30 }, () => emit()),
      ...failed.map((row) => t.http.post(`${LOG}/${row.id}/redeliver`, { auth: app, body: {} })),
      t.http.post(`${CALLBACK}/recover`, { auth: app, body: { since: 0 } }),
      ...Array.from({ length: 10 }, () => t.http.post(`${CALLBACK}/ping`, { auth: other, body: {} })),
    ]);
    await settledDeliveries(t.dataSource, 140, 30_000);
    // The recovery goes on in the background: settled again after it.
    await sleep(500);
    const rows = await settledDeliveries(t.dataSource, 140, 30_000);
    await expectCountsMatchTable(t.dataSource);
    const tally = (appId: number) =>
      Object.fromEntries(
        ['succeeded', 'failed'].map((status) => [status, rows.filter((row) => row.appId === appId && row.status === status).length]),
      );
    await expectLogCounts(t.http, app, EVENT, tally(app.id));
    await expectLogCounts(t.http, other, EVENT, tally(other.id));
  }, 60_000);
});
