import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource, type DataSourceOptions } from 'typeorm';
import { afterEach, beforeEach } from 'vitest';

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
