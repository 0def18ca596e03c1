import { join } from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { AppsService } from '../src/auth/apps/apps.service.js';
import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DeliveryRetentionPruner } from '../src/delivery/delivery-retention.pruner.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { CallbackReceiver } from './support/callback-receiver.js';
import { runProcess } from './support/child-process.js';
import { expectCountsMatchTable, expectLogCounts } from './support/delivery-counts.js';
import { databaseUrlOf, DIST_DIR } from './support/delivery-processes.js';
import { embeddedDeliveryEnv, settledDeliveries, sleep } from './support/deliveries.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { TestApp } from './support/test-app.js';

const EVENT = 'account_team_update';
const CALLBACK = `/callback/${EVENT}`;
const LOG = `${CALLBACK}/deliveries`;
const CLI = join(DIST_DIR, 'cli.js');

/**
 * The delivery log's exact `results` and `pages` (docs/api.md#pagination,
 * docs/api.md#delivery-log) after every change of a delivery's existence or
 * status, answered from the maintained counts, in embedded delivery (SQLite, or
 * MySQL/MariaDB with TEST_DATABASE_URL) with a real local receiver.
 */
describe('delivery log counts', () => {
  let t: TestApp;
  let receiver: CallbackReceiver;
  let admin: Credentials;
  let app: Credentials & { id: number };
  let other: Credentials & { id: number };
  let team: number;
  let accounts = 0;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await TestApp.start(
      // One retry a second later (a pending delivery can be caught between attempts); the API's own retention pass stays out.
      embeddedDeliveryEnv({ CALLBACK_RETRY_DELAYS: '1s', CALLBACK_TIMEOUT_MS: '3000', DELIVERY_RETENTION: '520w' }),
    );
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
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
    expect((await t.http.put(CALLBACK, { auth: who, body: { url: receiver.url(path), secret: 'secret' } })).status).toBe(200);
  }

  /** Emits one `account_team_update` event (a new account joins the team). */
  async function emit(): Promise<void> {
    accounts += 1;
    const id = String(3000 + accounts);
    await t.insertAccount({ id, teamId: null });
    expect((await t.http.patch(`/account/${id}`, { auth: admin, body: { team } })).status).toBe(200);
  }

  function cli(...args: string[]) {
    return runProcess(process.execPath, [CLI, ...args], { DATABASE_URL: databaseUrlOf(t.config), LOG_LEVEL: 'silent' });
  }

  it('stays exact through creation, retry, success, failure, ping, redelivery, holding, recovery, cancellation and pruning', async () => {
    await register(app, '/hook');
    await expectLogCounts(t.http, app, EVENT, {});

    // Created pending; a retry keeps it pending; then it succeeds.
    receiver.script('/hook', { status: 503 }, { status: 200 });
    await emit();
    await receiver.waitFor('/hook', 1);
    await expectLogCounts(t.http, app, EVENT, { pending: 1 });
    let rows = await settledDeliveries(t.dataSource, 1);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 1 });

    // Fails for good at once (a 4xx); another app's deliveries are counted apart.
    await register(other, '/other');
    receiver.script('/hook', { status: 400 });
    await emit();
    rows = await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 1, failed: 1 });
    await expectLogCounts(t.http, other, EVENT, { succeeded: 1 });
    const failed = rows.find((row) => row.appId === app.id && row.status === 'failed')!;

    // A ping is a new delivery, pending while its answer is held back.
    receiver.script('/hook', { status: 200, delayMs: 1500 });
    expect((await t.http.post(`${CALLBACK}/ping`, { auth: app, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 4);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 1, failed: 1, pending: 1 });
    await settledDeliveries(t.dataSource, 4);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 2, failed: 1 });

    // Redelivery: back to pending, then succeeded.
    receiver.script('/hook', { status: 200, delayMs: 1500 });
    expect((await t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: app, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 5);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 2, pending: 1 });
    await settledDeliveries(t.dataSource, 4);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 3 });

    // A disabled callback's deliveries are recorded failed; enable and recover send them.
    await t.dataSource.manager.update(CallbackEntity, { appId: app.id }, { disabledAt: 1, failingSince: 1 });
    await emit();
    await emit();
    await settledDeliveries(t.dataSource, 8);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 3, failed: 2 });
    expect((await t.http.post(`${CALLBACK}/enable`, { auth: app, body: {} })).status).toBe(200);
    receiver.script('/hook', { status: 200, delayMs: 2000 }, { status: 200, delayMs: 2000 });
    expect((await t.http.post(`${CALLBACK}/recover`, { auth: app, body: { since: 0 } })).body).toEqual({ redelivered: 2 });
    await receiver.waitFor('/hook', 7);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 3, pending: 2 });
    await settledDeliveries(t.dataSource, 8);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 5 });

    // Deleting the callback between two attempts cancels the delivery.
    receiver.script('/hook', { status: 503 });
    await emit();
    await receiver.waitFor('/hook', 8);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 5, pending: 1 });
    expect((await t.http.delete(CALLBACK, { auth: app })).status).toBe(204);
    rows = await settledDeliveries(t.dataSource, 10);
    await expectLogCounts(t.http, app, EVENT, { succeeded: 5, cancelled: 1 });
    await expectLogCounts(t.http, other, EVENT, { succeeded: 4 });

    // Retention: ended deliveries past DELIVERY_RETENTION disappear from the counts too.
    const mine = rows.filter((row) => row.appId === app.id);
    const old = [mine[0].id, mine[1].id, mine.find((row) => row.status === 'cancelled')!.id];
    for (const id of old) await t.dataSource.manager.update(DeliveryEntity, { id }, { updatedAt: 1 });
    expect(await t.app.get(DeliveryRetentionPruner).prune()).toMatchObject({ deliveries: 3 });
    await expectLogCounts(t.http, app, EVENT, { succeeded: 3 });
    await expectCountsMatchTable(t.dataSource);
  });

  it("stays exact through the CLI's redelivery and prune, and an app's deletion", async () => {
    await register(app, '/cli');
    receiver.script('/cli', { status: 400 }, { status: 400 });
    await emit();
    await emit();
    await emit();
    const rows = await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, app, EVENT, { failed: 2, succeeded: 1 });

    receiver.script('/cli', { status: 200, delayMs: 1500 });
    const redelivered = await cli('deliveries', 'redeliver', String(rows[0].id));
    expect(redelivered.code, redelivered.stderr).toBe(0);
    await receiver.waitFor('/cli', 4);
    await expectLogCounts(t.http, app, EVENT, { failed: 1, succeeded: 1, pending: 1 });
    await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, app, EVENT, { failed: 1, succeeded: 2 });

    for (const row of rows) await t.dataSource.manager.update(DeliveryEntity, { id: row.id }, { updatedAt: 1 });
    const kept = await cli('deliveries', 'prune', '--older-than', '1d');
    expect(kept.code, kept.stderr).toBe(0);
    await expectLogCounts(t.http, app, EVENT, { failed: 1 });
    const all = await cli('deliveries', 'prune', '--older-than', '1d', '--include-failed');
    expect(all.code, all.stderr).toBe(0);
    await expectLogCounts(t.http, app, EVENT, {});
    await expectCountsMatchTable(t.dataSource);

    await emit();
    await settledDeliveries(t.dataSource, 1);
    await t.app.get(AppsService).delete(app.id);
    expect(await t.dataSource.query(`SELECT * FROM delivery_counts WHERE app_id = ${app.id}`)).toEqual([]);
    await expectCountsMatchTable(t.dataSource);
  });

  it('equals a fresh count after a concurrent burst of events, outcomes, pings, redeliveries and recoveries', async () => {
    await register(app, '/burst');
    await register(other, '/burst-other');
    for (let i = 0; i < 40; i++) receiver.script('/burst', { status: i % 3 === 0 ? 400 : 200 });
    await Promise.all(Array.from({ length: 20 }, () => emit()));
    await Promise.all(Array.from({ length: 10 }, () => t.http.post(`${CALLBACK}/ping`, { auth: app, body: {} })));
    const settled = await settledDeliveries(t.dataSource, 50, 30_000);
    const failed = settled.filter((row) => row.appId === app.id && row.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    await Promise.all([
      ...Array.from({ length: 20 }, () => emit()),
      ...failed.map((row) => t.http.post(`${LOG}/${row.id}/redeliver`, { auth: app, body: {} })),
      t.http.post(`${CALLBACK}/recover`, { auth: app, body: { since: 0 } }),
      ...Array.from({ length: 10 }, () => t.http.post(`${CALLBACK}/ping`, { auth: other, body: {} })),
    ]);
    await settledDeliveries(t.dataSource, 100, 30_000);
    // The recovery goes on in the background: settled again after it.
    await sleep(500);
    const rows = await settledDeliveries(t.dataSource, 100, 30_000);
    await expectCountsMatchTable(t.dataSource);
    const tally = (appId: number) =>
      Object.fromEntries(
        ['succeeded', 'failed'].map((status) => [status, rows.filter((row) => row.appId === appId && row.status === status).length]),
      );
    await expectLogCounts(t.http, app, EVENT, tally(app.id));
    await expectLogCounts(t.http, other, EVENT, tally(other.id));
  });
});
