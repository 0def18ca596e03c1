import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource, type DataSourceOptions } from 'typeorm';
import { afterEach, beforeEach } from 'vitest';

import { dropAllTables } from './test-database.js';

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

/** A list of migrations (classes or globs) as DataSource options take it. */
type MigrationList = Extract<DataSourceOptions['migrations'], unknown[]>;

/**
 * Brings the MySQL/MariaDB test database at `url` (its tables dropped first) to the last migration of `through`,
 * a prefix of `all`, with what `seed` writes before that migration: migrates through the others, runs `seed`,
 * migrates to the end of `all`, then undoes the migrations after `through`'s last. `optionsFor` gives the
 * DataSource options with a list of migrations (the app's own, passed in as for {@link useMigrationDatabase}).
 *
 * @returns the data source, open: the test checks it, then migrates it to the end and destroys it.
 */
export async function mysqlMigratedThrough(
  url: string,
  optionsFor: (migrations: DataSourceOptions['migrations']) => DataSourceOptions,
  all: MigrationList,
  through: MigrationList,
  seed: (dataSource: DataSource) => Promise<void>,
): Promise<DataSource> {
  await dropAllTables(url);
  const before = await new DataSource(optionsFor(through.slice(0, -1))).initialize();
  try {
    await before.runMigrations();
    await seed(before);
  } finally {
    await before.destroy();
  }
  const after = await new DataSource(optionsFor(all)).initialize();
  try {
    await after.runMigrations();
    for (let left = all.length - through.length; left > 0; left -= 1) await after.undoLastMigration();
    return after;
  } catch (error) {
    await after.destroy();
    throw error;
  }
}
