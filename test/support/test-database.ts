import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { DataSource } from 'typeorm';

/**
 * The database the e2e tests use: `DATABASE_URL` when set (CI points it at
 * MariaDB), otherwise a fresh SQLite file per call.
 */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  const dir = join(tmpdir(), 'accounts-service-tests');
  mkdirSync(dir, { recursive: true });
  return `sqlite:${join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.sqlite`)}`;
}

/** Empties every table (schema kept) so each test file starts from nothing. */
export async function truncateAll(dataSource: DataSource): Promise<void> {
  const tables = dataSource.entityMetadatas.map((metadata) => metadata.tableName);
  if (dataSource.options.type === 'mysql') {
    await dataSource.transaction(async (manager) => {
      await manager.query('SET FOREIGN_KEY_CHECKS = 0');
      for (const table of tables) await manager.query(`DELETE FROM \`${table}\``);
      // Maintained by triggers; reset whatever order the tables were emptied in.
      await manager.query('DELETE FROM account_counts WHERE team_key <> 0');
      await manager.query('UPDATE account_counts SET accounts = 0');
      await manager.query('DELETE FROM account_name_grams');
      await manager.query('DELETE FROM name_gram_counts');
      await manager.query('SET FOREIGN_KEY_CHECKS = 1');
    });
    return;
  }
  await dataSource.query('PRAGMA foreign_keys = OFF');
  for (const table of tables) await dataSource.query(`DELETE FROM "${table}"`);
  await dataSource.query('DELETE FROM account_counts WHERE team_key <> 0');
  await dataSource.query('UPDATE account_counts SET accounts = 0');
  await dataSource.query('PRAGMA foreign_keys = ON');
}
