import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { DeliveryCounts1795700000002 } from './1795700000002-delivery-counts.js';
import { MIGRATIONS } from './index.js';

/** The migrations up to and including the delivery counts'. */
const THROUGH_COUNTS = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DeliveryCounts1795700000002) + 1);

/** The delivery-counts migration over a database that already holds deliveries (SQLite file). */
describe('DeliveryCounts migration', () => {
  const database = useMigrationDatabase('delivery-counts', (path) => dataSourceOptions({ type: 'sqlite', path }));

  const counts = (dataSource: DataSource) =>
    dataSource.query('SELECT app_id AS appId, event, status, slot, deliveries FROM delivery_counts ORDER BY app_id, event, status');

  it('counts the existing deliveries per app, event type and status; triggers keep counting; down drops it', async () => {
    const before = await database.open(THROUGH_COUNTS.slice(0, -1));
    await before.query(`INSERT INTO apps (id, name, permissions, token_hash, created_at) VALUES (1, 'a', 0, 'h', 1), (2, 'b', 0, 'i', 1)`);
    await before.query(
      `INSERT INTO outbox_events (id, type, payload, created_at, dispatched_at) VALUES (7, 'account_team_update', '{}', 1, 2)`,
    );
    const rows = [
      [1, 1, 'failed'],
      [2, 1, 'succeeded'],
      [3, 1, 'succeeded'],
      [4, 2, 'pending'],
    ];
    for (const [id, app, status] of rows)
      await before.query(
        `INSERT INTO deliveries (id, event_id, app_id, event, webhook_id, status, created_at, updated_at)
         VALUES (?, 7, ?, 'account_team_update', ?, ?, 1, 1)`,
        [id, app, `msg_${id}`, status],
      );
    await before.destroy();

    const after = await database.open(THROUGH_COUNTS);
    const row = (appId: number, status: string, deliveries: number) => ({
      appId,
      event: 'account_team_update',
      status,
      slot: 0,
      deliveries,
    });
    expect(await counts(after)).toEqual([row(1, 'failed', 1), row(1, 'succeeded', 2), row(2, 'pending', 1)]);

    await after.query(`UPDATE deliveries SET status = 'succeeded' WHERE id = 4`);
    await after.query(`UPDATE deliveries SET status = 'pending', updated_at = 2 WHERE id = 1`);
    await after.query(`DELETE FROM deliveries WHERE id = 2`);
    await after.query(
      `INSERT INTO deliveries (id, event_id, app_id, event, webhook_id, status, created_at, updated_at)
       VALUES (9, 7, 2, 'account_team_update', 'msg_9', 'failed', 1, 1)`,
    );
    expect(await counts(after)).toEqual([
      row(1, 'failed', 0),
      row(1, 'pending', 1),
      row(1, 'succeeded', 1),
      row(2, 'failed', 1),
      row(2, 'pending', 0),
      row(2, 'succeeded', 1),
    ]);
    await after.query('DELETE FROM apps WHERE id = 1');
    expect((await counts(after)).map((count: { appId: number }) => count.appId)).toEqual([2, 2, 2]);

    await after.undoLastMigration();
    expect(await after.query(`SELECT name FROM sqlite_master WHERE name LIKE '%delivery_count%'`)).toEqual([]);
    await after.destroy();
  });
});
