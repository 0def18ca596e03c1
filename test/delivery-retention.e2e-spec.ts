import { In } from 'typeorm';
import { describe, expect, it, vi } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DeliveriesRepository } from '../src/delivery/deliveries.repository.js';
import { DeliveryRetentionPruner } from '../src/delivery/admin/delivery-retention.pruner.js';
import { PRUNE_BATCH } from '../src/delivery/admin/finished-deliveries.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { embeddedDeliveryEnv, insertFailedDeliveries } from './support/deliveries.js';

/** docs/api.md#delivery-log (`DELIVERY_RETENTION`): the retention pass over more deliveries than one batch. */
describe('delivery retention, in batches', () => {
  const { t, receiver, s } = useDeliveryScenario(embeddedDeliveryEnv());

  it('deletes every delivery that ended before the retention, a batch per transaction, and keeps pending and recent ones', async () => {
    await s.register(s.listener, '/kept');
    const callbackId: number = (await t.http.get('/callback/account_team_update', { auth: s.listener })).body.id;
    const target = { appId: s.listener.id, callbackId, url: receiver.url('/kept') };
    const old = await insertFailedDeliveries(t.dataSource, target, 2 * PRUNE_BATCH + 500);
    const [pending, recent] = await insertFailedDeliveries(t.dataSource, target, 2);
    const longAgo = Date.now() / 1000 - 31 * 86_400;
    // Ended long ago: as many succeeded as failed or cancelled; one of them still pending (never pruned).
    await t.dataSource.manager.update(DeliveryEntity, { id: In(old) }, { createdAt: longAgo, updatedAt: longAgo });
    await t.dataSource.manager.update(DeliveryEntity, { id: In(old.filter((_, index) => index % 2 === 0)) }, { status: 'succeeded' });
    await t.dataSource.manager.update(DeliveryEntity, { id: old[1] }, { status: 'cancelled' });
    await t.dataSource.manager.update(
      DeliveryEntity,
      { id: pending },
      { createdAt: longAgo, updatedAt: longAgo, status: 'pending', nextAttemptAt: 2e9 },
    );
    const deletes = vi.spyOn(t.app.get(DeliveriesRepository), 'deleteFinished');

    const pruned = await t.app.get(DeliveryRetentionPruner).prune();
    expect(pruned).toMatchObject({ deliveries: 2 * PRUNE_BATCH + 500 });
    expect(deletes.mock.calls.map(([ids]) => ids.length)).toEqual([PRUNE_BATCH, PRUNE_BATCH, 500]);
    expect((await t.dataSource.manager.find(DeliveryEntity, { order: { id: 'ASC' } })).map((row) => row.id)).toEqual([pending, recent]);
    deletes.mockRestore();
  }, 60_000);
});
