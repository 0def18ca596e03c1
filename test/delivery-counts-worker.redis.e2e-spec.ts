import { describe, expect, it } from 'vitest';

import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { expectCountsExactAfterBurst, expectCountsMatchTable, expectLogCounts } from './support/delivery-counts.js';
import { useDeliveryQueue, useWorker } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { settledDeliveries } from './support/deliveries.js';

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
  const queue = useDeliveryQueue('delivery-counts', {
    CALLBACK_RETRY_DELAYS: '1s',
    CALLBACK_TIMEOUT_MS: '3000',
    DELIVERY_RETENTION: '520w',
  });
  const { t, receiver, s } = useDeliveryScenario(() => queue.env);
  useWorker(t, () => queue.env);

  it("stays exact through the worker's outcomes, ping, redelivery, holding, recovery and cancellation", async () => {
    await s.register(s.listener, '/hook');
    receiver.script('/hook', { status: 503 }, { status: 200 });
    await s.emit();
    await receiver.waitFor('/hook', 1);
    await expectLogCounts(t.http, s.listener, EVENT, { pending: 1 });
    await settledDeliveries(t.dataSource, 1);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 1 });

    receiver.script('/hook', { status: 400 });
    await s.emit();
    const failed = (await settledDeliveries(t.dataSource, 2))[1];
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 1, failed: 1 });

    receiver.script('/hook', { status: 200, delayMs: 2000 });
    expect((await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 4);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 1, failed: 1, pending: 1 });
    await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 2, failed: 1 });

    receiver.script('/hook', { status: 200, delayMs: 2000 });
    expect((await t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: s.listener, body: {} })).status).toBe(202);
    await receiver.waitFor('/hook', 5);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 2, pending: 1 });
    await settledDeliveries(t.dataSource, 3);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 3 });

    await t.dataSource.manager.update(CallbackEntity, { appId: s.listener.id }, { disabledAt: 1, failingSince: 1 });
    await s.emit();
    await s.emit();
    await settledDeliveries(t.dataSource, 5);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 3, failed: 2 });
    expect((await t.http.post(`${CALLBACK}/enable`, { auth: s.listener, body: {} })).status).toBe(200);
    expect((await t.http.post(`${CALLBACK}/recover`, { auth: s.listener, body: { since: 0 } })).body).toEqual({ redelivered: 2 });
    await receiver.waitFor('/hook', 7);
    await settledDeliveries(t.dataSource, 5);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 5 });

    receiver.script('/hook', { status: 503 });
    await s.emit();
    await receiver.waitFor('/hook', 8);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 5, pending: 1 });
    expect((await t.http.delete(CALLBACK, { auth: s.listener })).status).toBe(204);
    await settledDeliveries(t.dataSource, 6);
    await expectLogCounts(t.http, s.listener, EVENT, { succeeded: 5, cancelled: 1 });
    await expectCountsMatchTable(t.dataSource);
  }, 60_000);

  it('equals a fresh count after a concurrent burst of events, outcomes, pings, redeliveries and recoveries', async () => {
    await expectCountsExactAfterBurst(t, receiver, s, 30);
  }, 60_000);
});
