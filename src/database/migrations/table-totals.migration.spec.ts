import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { TableTotals1795900000000 } from './1795900000000-table-totals.js';
import { MIGRATIONS } from './index.js';

/** The migrations up to and including the table totals'. */
const THROUGH_TOTALS = MIGRATIONS.slice(0, MIGRATIONS.indexOf(TableTotals1795900000000) + 1);

/** The table-totals migration over a database that already holds accounts and teams (SQLite file). */
describe('TableTotals migration', () => {
  const database = useMigrationDatabase('table-totals', (path) => dataSourceOptions({ type: 'sqlite', path }));

  const totals = (dataSource: DataSource) => dataSource.query('SELECT counted, slot, total FROM table_totals ORDER BY counted, slot');

  it('counts the existing rows; triggers keep counting inserts and deletes; down drops it', async () => {
    const before = await database.open(THROUGH_TOTALS.slice(0, -1));
    await before.query(`INSERT INTO teams (id, name, created_at) VALUES (1, 'a', 1), (2, 'b', 1)`);
    for (const [id, team] of [
      ['1', 1],
      ['2', null],
      ['3', 2],
    ])
      await before.query(`INSERT INTO accounts (id, name, discriminator, team_id, created_at) VALUES (?, 'n', '1', ?, 1)`, [id, team]);
    await before.destroy();

    const after = await database.open(THROUGH_TOTALS);
    expect(await totals(after)).toEqual([
      { counted: 'accounts', slot: 0, total: 3 },
      { counted: 'teams', slot: 0, total: 2 },
    ]);

    await after.query(
      `INSERT INTO accounts (id, name, discriminator, team_id, created_at) VALUES ('4', 'n', '1', NULL, 1), ('5', 'n', '1', 1, 1)`,
    );
    await after.query(`DELETE FROM accounts WHERE id = '1'`);
    await after.query(`UPDATE accounts SET team_id = NULL, name = 'm' WHERE id = '3'`);
    await after.query(`INSERT INTO teams (id, name, created_at) VALUES (3, 'c', 1)`);
    await after.query('DELETE FROM teams WHERE id IN (1, 2)');
    expect(await totals(after)).toEqual([
      { counted: 'accounts', slot: 0, total: 4 },
      { counted: 'teams', slot: 0, total: 1 },
    ]);

    await after.undoLastMigration();
    expect(await after.query(`SELECT name FROM sqlite_master WHERE name LIKE '%total%'`)).toEqual([]);
    await after.destroy();
  });
});
