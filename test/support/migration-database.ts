import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource } from 'typeorm';
import { afterEach, beforeEach } from 'vitest';

import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';

/** The migrations that run, in order, up to and including `last`. */
export function migrationsThrough(last: (typeof MIGRATIONS)[number]): typeof MIGRATIONS {
  return MIGRATIONS.slice(0, MIGRATIONS.indexOf(last) + 1);
}

/** A SQLite file of a migration spec's own: `open` opens it (initialized, `migrations` applied) as a DataSource the test destroys. */
export interface MigrationDatabase {
  open(migrations: typeof MIGRATIONS): Promise<DataSource>;
}

/**
 * Registers hooks that give each test of the enclosing describe block a fresh SQLite file in a directory named
 * after `name`, removed after the test.
 */
export function useMigrationDatabase(name: string): MigrationDatabase {
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
      const dataSource = new DataSource({ ...dataSourceOptions({ type: 'sqlite', path: join(directory!, 'db.sqlite') }), migrations });
      await dataSource.initialize();
      await dataSource.runMigrations();
      return dataSource;
    },
  };
}
