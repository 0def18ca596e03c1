import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { DeliveriesByStatus1795960000000 } from './1795960000000-deliveries-by-status.js';
import { MIGRATIONS } from './index.js';

/** The migrations up to and including the index by status's. */
const THROUGH_BY_STATUS = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DeliveriesByStatus1795960000000) + 1);

/** Name → columns of the `deliveries` indexes whose name starts with `idx_deliveries_app` (SQLite). */
async function appIndexes(dataSource: DataSource): Promise<Record<string, string[]>> {
  const indexes: { name: string }[] = await dataSource.query(
    `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'deliveries' AND name LIKE 'idx_deliveries_app%' ORDER BY name`,
  );
  const columns: Record<string, string[]> = {};
  for (const { name } of indexes)
    columns[name] = ((await dataSource.query(`PRAGMA index_info('${name}')`)) as { name: string }[]).map((column) => column.name);
  return columns;
}

/** The index of deliveries by status (SQLite file); its statements are the same on MySQL/MariaDB. */
describe('DeliveriesByStatus migration', () => {
  const database = useMigrationDatabase('deliveries-by-status', (path) => dataSourceOptions({ type: 'sqlite', path }));

  it('adds the index by app, event, status and time in place of the one by app alone, keeping the triggers; down undoes it', async () => {
    const dataSource = await database.open(THROUGH_BY_STATUS);
    const triggers = `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'deliveries'`;
    const [{ n: triggerCount }] = await dataSource.query(triggers);
    expect(triggerCount).toBeGreaterThan(0);
    expect(await appIndexes(dataSource)).toEqual({
      idx_deliveries_app_event_account_created: ['app_id', 'event', 'account_id', 'created_at', 'id'],
      idx_deliveries_app_event_created: ['app_id', 'event', 'created_at', 'id'],
      idx_deliveries_app_event_status_created: ['app_id', 'event', 'status', 'created_at', 'id', 'callback_id'],
    });

    await dataSource.undoLastMigration();
    expect(await appIndexes(dataSource)).toEqual({
      idx_deliveries_app: ['app_id'],
      idx_deliveries_app_event_account_created: ['app_id', 'event', 'account_id', 'created_at', 'id'],
      idx_deliveries_app_event_created: ['app_id', 'event', 'created_at', 'id'],
    });
    expect(await dataSource.query(triggers)).toEqual([{ n: triggerCount }]);
    await dataSource.destroy();
  });
});
