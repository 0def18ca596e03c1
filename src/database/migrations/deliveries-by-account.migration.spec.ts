import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { DeliveriesByAccount1795970000000 } from './1795970000000-deliveries-by-account.js';
import { MIGRATIONS } from './index.js';

/** The migrations up to and including the index by account's. */
const THROUGH_BY_ACCOUNT = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DeliveriesByAccount1795970000000) + 1);

/** The columns of `deliveries`' index by account, or `null` when there is none (SQLite). */
async function accountIndex(dataSource: DataSource): Promise<string[] | null> {
  const columns: { name: string }[] = await dataSource.query(`PRAGMA index_info('idx_deliveries_account_created')`);
  return columns.length === 0 ? null : columns.map((column) => column.name);
}

/** The index of deliveries by account (SQLite file); its statements are the same on MySQL/MariaDB. */
describe('DeliveriesByAccount migration', () => {
  const database = useMigrationDatabase('deliveries-by-account', (path) => dataSourceOptions({ type: 'sqlite', path }));

  it('adds the index by account and time, keeping the triggers; down drops it', async () => {
    const dataSource = await database.open(THROUGH_BY_ACCOUNT);
    const triggers = `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'deliveries'`;
    const [{ n: triggerCount }] = await dataSource.query(triggers);
    expect(triggerCount).toBeGreaterThan(0);
    expect(await accountIndex(dataSource)).toEqual(['account_id', 'created_at', 'id']);

    await dataSource.undoLastMigration();
    expect(await accountIndex(dataSource)).toBeNull();
    expect(await dataSource.query(triggers)).toEqual([{ n: triggerCount }]);
    await dataSource.destroy();
  });
});
