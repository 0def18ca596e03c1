import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { ShardedNameRangeCounts1795900000003 } from '../src/database/migrations/1795900000003-sharded-name-range-counts.js';
import { mysqlMigratedThrough } from './support/migration-database.js';

/** Inserts accounts `ids` named `names`. */
async function insertAccounts(dataSource: DataSource, accounts: [id: number, name: string][]): Promise<void> {
  for (const [id, name] of accounts)
    await dataSource.query(`INSERT INTO accounts (id, name, discriminator, permissions, created_at) VALUES (?, ?, '1', 0, 1)`, [
      String(id).padStart(20, '0'),
      name,
    ]);
}

/**
 * The migration that splits each name range's count into counter rows
 * (`ShardedNameRangeCounts1795900000003`) over a database holding accounts in
 * two ranges: the counts carry over, the new triggers count on, and down puts
 * the counts back into the ranges' column. The test database's tables are
 * dropped, and left migrated to the end.
 */
describe('ShardedNameRangeCounts migration on MySQL/MariaDB', () => {
  it('carries each range count over, keeps counting through writes, and down folds the counter rows back', async () => {
    const after = await mysqlMigratedThrough(ShardedNameRangeCounts1795900000003, async (before) => {
      await before.query(`INSERT INTO account_name_ranges (boundary, accounts) VALUES ('m', 0)`);
      await insertAccounts(before, [
        [1, 'alpha'],
        [2, 'bravo'],
        [3, 'charlie'],
        [4, 'mike'],
        [5, 'november'],
      ]);
    });
    try {
      const counts = async () =>
        (
          (await after.query(
            'SELECT boundary, SUM(accounts) AS accounts FROM account_name_range_counts GROUP BY boundary ORDER BY boundary',
          )) as { boundary: string; accounts: string | number }[]
        ).map((row) => [row.boundary, Number(row.accounts)]);
      expect(await counts()).toEqual([
        ['', 3],
        ['m', 2],
      ]);
      expect(await after.query(`SHOW COLUMNS FROM account_name_ranges`)).toMatchObject([{ Field: 'boundary' }]);

      await after.query(`UPDATE accounts SET name = 'zulu' WHERE id = ?`, [String(1).padStart(20, '0')]);
      await insertAccounts(after, [
        [6, 'delta'],
        [7, 'echo'],
      ]);
      await after.query(`DELETE FROM accounts WHERE id = ?`, [String(4).padStart(20, '0')]);
      expect(await counts()).toEqual([
        ['', 4],
        ['m', 2],
      ]);

      await after.undoLastMigration();
      expect(await after.query(`SHOW TABLES LIKE 'account_name_range_counts'`)).toEqual([]);
      await insertAccounts(after, [[8, 'oscar']]);
      expect(await after.query('SELECT boundary, accounts FROM account_name_ranges ORDER BY boundary')).toEqual([
        { boundary: '', accounts: 4 },
        { boundary: 'm', accounts: 3 },
      ]);
      await after.runMigrations();
    } finally {
      await after.destroy();
    }
  });
});
