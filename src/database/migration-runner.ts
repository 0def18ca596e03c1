import { type DataSource, MigrationExecutor } from 'typeorm';

/** Token of a boolean: whether the schema is migrated at start, so that startup work may read it. */
export const SCHEMA_MIGRATED_AT_START = Symbol('SCHEMA_MIGRATED_AT_START');

const LOCK_NAME = 'accounts_service_migrations';
const LOCK_TIMEOUT_SECONDS = 120;

/**
 * Applies pending migrations, one process at a time: on MySQL several API
 * instances may start together, so a named lock serialises them.
 *
 * @returns the names of the migrations this call applied.
 * @throws Error when the lock cannot be taken within two minutes.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  if (dataSource.options.type !== 'mysql') {
    return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
  }
  const lockRunner = dataSource.createQueryRunner();
  try {
    const [row] = await lockRunner.query('SELECT GET_LOCK(?, ?) AS acquired', [LOCK_NAME, LOCK_TIMEOUT_SECONDS]);
    if (row.acquired !== 1) throw new Error('Could not take the migration lock');
    try {
      return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
    } finally {
      await lockRunner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]);
    }
  } finally {
    await lockRunner.release();
  }
}

/** The schema is older than this release: migrations are pending and this process may not apply them. */
export class PendingMigrationsError extends Error {}

/**
 * Checks that no migration is pending, without changing the schema (`MIGRATIONS_AT_START=check`,
 * docs/operations.md#migrations): reads the migrations table only, so the database user needs no DDL rights.
 *
 * @throws PendingMigrationsError naming the pending migrations.
 */
export async function checkMigrations(dataSource: DataSource): Promise<void> {
  const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
  if (pending.length === 0) return;
  throw new PendingMigrationsError(
    `The database schema is behind this release: ${pending.length} migration(s) pending (${pending.map((migration) => migration.name).join(', ')}). ` +
      'MIGRATIONS_AT_START=check: run them with `node dist/cli.js migrations run` (the migrations Job), then start again.',
  );
}
