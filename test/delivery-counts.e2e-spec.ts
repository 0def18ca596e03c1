import { describe, expect, it } from 'vitest';

import { AppsService } from '../src/auth/apps/apps.service.js';
import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DeliveryRetentionPruner } from '../src/delivery/admin/delivery-retention.pruner.js';
import { expectCountsExactAfterBurst, expectCountsMatchTable, expectLogCounts } from './support/delivery-counts.js';
import { runCli } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { embeddedDeliveryEnv, settledDeliveries } from './support/deliveries.js';

const EVENT = 'account_team_update';
const CALLBACK = `/callback/${EVENT}`;
const LOG = `${CALLBACK}/deliveries`;

/**
 * The delivery log's exact `results` and `pages` (docs/api.md#pagination,
 * docs/api.md#delivery-log) after every change of a delivery's existence or
 * status, answered from the maintained counts, in embedded delivery (SQLite, or
 * MySQL/MariaDB with TEST_DATABASE_URL) with a real local receiver.
 */
describe('delivery log counts', () => {
  const { t, receiver, s } = useDeliveryScenario(
    // One retry a second later (a pending delivery can be caught between attempts); the API's own retention pass stays out.
    embeddedDeliveryEnv({ CALLBACK_RETRY_DELAYS: '1s', CALLBACK_TIMEOUT_MS: '3000', DELIVERY_RETENTION: '520w' }),
  );

  it('stays exact through creation, retry, success, failure, ping, redelivery, holding, recovery, cancellation and pruning', async () => {
    await s.register(s.listener, '/hook');
    await expectLogCounts(t.http, s.listener, EVENT, {});

    // Created pending; a retry keeps it pending; then it succeeds.
    receiver.script('/hook', { status: 503 }, { status: 200 });
    await s.emit();
    await receiver.waitFor('/hook', 1);
    await expectLogCounts(t.http, s.listener, EVENT, { pending: 1 });
    let rows = await settledDeliveries(t.dataSource, 1);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 1 });

    // Fails for good at once (a 4xx); another app's deliveries are counted apart.
    await s.register(s.other, '/other');
    receiver.script('/hook', { status: 400 });
    await s.emit();
    rows = await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 1, failed: 1 });
    await expectLogCounts(t.http, s.other, EVENT, { succeeded: 1 });
    const failed = rows.find((row) => row.appId === s.listener.id && row.status === 'failed')!;

    // A ping is a new delivery, pending while its answer is held back.
    receiver.script('/hook', { status: 200, delayMs: 1500 });
    expect((await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 4);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 1, failed: 1, pending: 1 });
    await settledDeliveries(t.dataSource, 4);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 2, failed: 1 });

    // Redelivery: back to pending, then succeeded.
    receiver.script('/hook', { status: 200, delayMs: 1500 });
    expect((await t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: s.listener, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 5);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 2, pending: 1 });
    await settledDeliveries(t.dataSource, 4);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 3 });

    // A disabled callback's deliveries are recorded failed; enable and recover send them.
    await t.dataSource.manager.update(CallbackEntity, { appId: s.listener.id }, { disabledAt: 1, failingSince: 1 });
    await s.emit();
    await s.emit();
    await settledDeliveries(t.dataSource, 8);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 3, failed: 2 });
    expect((await t.http.post(`${CALLBACK}/enable`, { auth: s.listener, body: {} })).status).toBe(200);
    receiver.script('/hook', { status: 200, delayMs: 2000 }, { status: 200, delayMs: 2000 });
    expect((await t.http.post(`${CALLBACK}/recover`, { auth: s.listener, body: { since: 0 } })).body).toEqual({ redelivered: 2 });
    await receiver.waitFor('/hook', 7);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 3, pending: 2 });
    await settledDeliveries(t.dataSource, 8);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 5 });

    // Deleting the callback between two attempts cancels the delivery.
    receiver.script('/hook', { status: 503 });
    await s.emit();
    await receiver.waitFor('/hook', 8);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 5, pending: 1 });
    expect((await t.http.delete(CALLBACK, { auth: s.listener })).status).toBe(204);
    rows = await settledDeliveries(t.dataSource, 10);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 5, cancelled: 1 });
    await expectLogCounts(t.http, s.other, EVENT, { succeeded: 4 });

    // Retention: ended deliveries past DELIVERY_RETENTION disappear from the counts too.
    const mine = rows.filter((row) => row.appId === s.listener.id);
    const old = [mine[0].id, mine[1].id, mine.find((row) => row.status === 'cancelled')!.id];
    for (const id of old) await t.dataSource.manager.update(DeliveryEntity, { id }, { createdAt: 1, updatedAt: 1 });
    expect(await t.app.get(DeliveryRetentionPruner).prune()).toMatchObject({ deliveries: 3 });
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 3 });
    await expectCountsMatchTable(t.dataSource);
  });

  // Three CLI processes, each starting Nest and opening the database: up to a minute.
  it("stays exact through the CLI's redelivery and prune, and an app's deletion", async () => {
    await s.register(s.listener, '/cli');
    receiver.script('/cli', { status: 400 }, { status: 400 });
    await s.emit();
    await s.emit();
    await s.emit();
    const rows = await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, s.listener, EVENT, { failed: 2, succeeded: 1 });

    receiver.script('/cli', { status: 200, delayMs: 1500 });
    const redelivered = await runCli(t, ['deliveries', 'redeliver', String(rows[0].id)]);
    expect(redelivered.code, redelivered.stderr).toBe(0);
    await receiver.waitFor('/cli', 4);
    await expectLogCounts(t.http, s.listener, EVENT, { failed: 1, succeeded: 1, pending: 1 });
    await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, s.listener, EVENT, { failed: 1, succeeded: 2 });

    for (const row of rows) await t.dataSource.manager.update(DeliveryEntity, { id: row.id }, { createdAt: 1, updatedAt: 1 });
    const kept = await runCli(t, ['deliveries', 'prune', '--older-than', '1d']);
    expect(kept.code, kept.stderr).toBe(0);
    await expectLogCounts(t.http, s.listener, EVENT, { failed: 1 });
    const all = await runCli(t, ['deliveries', 'prune', '--older-than', '1d', '--include-failed']);
    expect(all.code, all.stderr).toBe(0);
    await expectLogCounts(t.http, s.listener, EVENT, {});
    await expectCountsMatchTable(t.dataSource);

    await s.emit();
    await settledDeliveries(t.dataSource, 1);
    await t.app.get(AppsService).delete(s.listener.id);
    expect(await t.dataSource.query(`SELECT * FROM delivery_counts WHERE app_id = ${s.listener.id}`)).toEqual([]);
    await expectCountsMatchTable(t.dataSource);
  }, 60_000);

  it('equals a fresh count after a concurrent burst of events, outcomes, pings, redeliveries and recoveries', async () => {
    await expectCountsExactAfterBurst(t, receiver, s, 20);
  });
});
