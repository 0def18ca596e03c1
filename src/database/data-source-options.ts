import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import type BetterSqlite3 from 'better-sqlite3';
import type { DataSourceOptions } from 'typeorm';

import type { DatabaseConfig } from '../config/app-config.js';
import { MIGRATIONS } from './migrations/index.js';
import { TypeOrmLogger } from './typeorm-logger.js';
import { sqliteDriver } from './sqlite-driver.js';
import { sqliteLike } from './sqlite-like.function.js';

/**
 * TypeORM options for the configured backend (docs/api.md#operating): MySQL/MariaDB via
 * mysql2, or an embedded SQLite file. The schema is changed only by
 * migrations, on both backends. Entities: each feature module registers its
 * own (`TypeOrmModule.forFeature`), loaded with `autoLoadEntities`; the
 * TypeORM CLI's DataSource (`ormconfig.ts`) passes `entities` itself.
 * With `replicaUrls` (MySQL only, docs/api.md#scaling) TypeORM's `replication`
 * setup holds one pool for the primary and one per replica.
 */
export function dataSourceOptions(
  database: DatabaseConfig,
  entities: DataSourceOptions['entities'] = [],
  replicaUrls: readonly string[] = [],
): DataSourceOptions {
  // TypeORM's own messages go through the process's logger (TypeOrmLogger).
  const common = { entities, migrations: MIGRATIONS, synchronize: false, migrationsRun: false, logger: new TypeOrmLogger() } as const;
  if (database.type === 'mysql') {
    return {
      ...common,
      type: 'mysql',
      ...(replicaUrls.length === 0 ? { url: database.url } : { replication: replication(database.url, replicaUrls) }),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      // Typed rows: COUNT(*) and SUM() arrive as numbers (BIGINT and DECIMAL results: bigNumberStrings off, mysql2's
      // decimalNumbers in `extra`), like every INT and DOUBLE column; account ids are VARCHAR. A BIGINT beyond 2^53
      // would still arrive as a string (none is stored).
      bigNumberStrings: false,
      // PreparedReads: a few fixed statements per connection; the server's max_prepared_stmt_count is global.
      // trace: false spares mysql2's promise API a captured stack per statement (PreparedReads wraps
      // its errors in QueryFailedError with the statement, like TypeORM).
      extra: { connectionLimit: 20, maxPreparedStatements: 64, trace: false, decimalNumbers: true },
    };
  }
  if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    driver: sqliteDriver(),
    database: database.path,
    enableWAL: true,
    prepareDatabase: (db: BetterSqlite3.Database) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      db.function('like', { deterministic: true, varargs: true }, sqliteLike);
    },
  };
}

/**
 * TypeORM's `replication` option for a primary and its read replicas. Every
 * statement goes to the primary unless `ReplicaRouting` says otherwise
 * (`defaultMode: 'master'`), and mysql2's pool cluster never drops a node on
 * its own (the replica lag monitor decides which replicas serve): a primary
 * that was down for a while is used again as soon as it answers.
 */
function replication(primaryUrl: string, replicaUrls: readonly string[]) {
  return {
    master: { url: primaryUrl },
    slaves: replicaUrls.map((url) => ({ url })),
    defaultMode: 'master',
    canRetry: false,
    removeNodeErrorCount: Number.MAX_SAFE_INTEGER,
    restoreNodeTimeout: 0,
  } as const;
}
