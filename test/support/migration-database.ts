import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource, type DataSourceOptions } from 'typeorm';
import { afterEach, beforeEach } from 'vitest';

import { loadAppConfig } from '../../src/config/environment.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { dropAllTables, testDatabaseUrl } from './test-database.js';

/** A SQLite file of a migration spec's own: `open` opens it (initialized, `migrations` applied) as a DataSource the test destroys. */
export interface MigrationDatabase {
  open(migrations: DataSourceOptions['migrations']): Promise<DataSource>;
}

/**
 * Registers hooks that give each test of the enclosing describe block a fresh SQLite file in a directory named
 * after `name`, removed after the test; `optionsFor` gives the DataSource options of a SQLite file (the app's own,
 * `dataSourceOptions({ type: 'sqlite', path })`: passed in, as test/support does not import src/database, which
 * imports it).
 */
export function useMigrationDatabase(name: string, optionsFor: (path: string) => DataSourceOptions): MigrationDatabase {
  let directory: string | undefined;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), `${name}-migration-`));
  });
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });
  return {
    async open(migrations) {
      const dataSource = new DataSource({ ...optionsFor(join(directory!, 'db.sqlite')), migrations } as DataSourceOptions);
      await dataSource.initialize();
      await dataSource.runMigrations();
      return dataSource;
    },
  };
}

/**
 * Brings the MySQL/MariaDB test database (`TEST_DATABASE_URL`, its tables dropped first) to `migration`, one of the
 * app's migrations, with what `seed` writes before it: migrates through the migrations before it, runs `seed`, migrates
 * to the end, then undoes the migrations after it (each `down` exercised on the way).
 *
 * @returns the data source, open: the test checks it, then migrates it to the end and destroys it.
 */
export async function mysqlMigratedThrough(
  migration: (typeof MIGRATIONS)[number],
  seed: (dataSource: DataSource) => Promise<void>,
): Promise<DataSource> {
  const url = testDatabaseUrl();
  const optionsFor = (migrations: DataSourceOptions['migrations']) =>
    ({ ...dataSourceOptions(loadAppConfig({ DATABASE_URL: url }).database), migrations }) as DataSourceOptions;
  const through = MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration) + 1);
  await dropAllTables(url);
  const before = await new DataSource(optionsFor(through.slice(0, -1))).initialize();
  try {
    await before.runMigrations();
    await seed(before);
  } finally {
    await before.destroy();
  }
  const after = await new DataSource(optionsFor(MIGRATIONS)).initialize();
  try {
    await after.runMigrations();
    for (let left = MIGRATIONS.length - through.length; left > 0; left -= 1) await after.undoLastMigration();
    return after;
  } catch (error) {
    await after.destroy();
    throw error;
  }
}
