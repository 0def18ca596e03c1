import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';

import { noteDatabaseVersion } from '../tracing/database-system.js';
import { tracingEnabled } from '../tracing/tracing-state.js';

/** Wait between two attempts to reach the database at start (milliseconds). */
export const CONNECT_RETRY_MS = 3_000;

/** Errors of a database that is not reachable (yet): worth another attempt. Credentials, a missing database or a bad file are not. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
]);

/**
 * Opens a TypeORM data source at start: up to `attempts` tries, {@link CONNECT_RETRY_MS}
 * apart, while the database is not reachable, each failure logged at once as one
 * warning with its reason (`Database at db:3306/accounts not reachable (connect
 * ECONNREFUSED ...); attempt 1 of 10, next in 3 s`). Refused credentials, an unknown
 * database or an unusable SQLite file fail at the first attempt.
 *
 * With tracing on, reads the server's version once (the database spans' `db.system.name`).
 *
 * @returns the initialized data source.
 * @throws Error `Cannot open the database at <where>: <reason>` (after the last attempt, or at once when retrying cannot help).
 */
export async function connectWithRetry(options: DataSourceOptions, attempts: number, logger = new Logger('Database')): Promise<DataSource> {
  const where = describeDatabase(options);
  for (let attempt = 1; ; attempt++) {
    try {
      const dataSource = await new DataSource(options).initialize();
      // The database spans say `mariadb` or `mysql` as the server does (docs/operations.md#tracing).
      if (tracingEnabled() && options.type === 'mysql') {
        const rows = (await dataSource.query('SELECT VERSION() AS version').catch(() => [])) as { version?: unknown }[];
        if (typeof rows[0]?.version === 'string') noteDatabaseVersion(rows[0].version);
      }
      return dataSource;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: unknown }).code;
      const unreachable = typeof code === 'string' && UNREACHABLE.has(code);
      if (!unreachable || attempt >= attempts) {
        const tried = unreachable && attempts > 1 ? ` (${attempts} attempts)` : '';
        throw new Error(`Cannot open the database at ${where}${tried}: ${reason}`);
      }
      logger.warn(
        `Database at ${where} not reachable (${reason}); attempt ${attempt} of ${attempts}, next in ${CONNECT_RETRY_MS / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
    }
  }
}

/** `host:port/database` of a MySQL URL (no user or password), or the SQLite file. */
function describeDatabase(options: DataSourceOptions): string {
  if (options.type === 'mysql' && options.url) {
    try {
      const url = new URL(options.url);
      return `${url.host}${url.pathname}`;
    } catch {
      return 'the configured URL';
    }
  }
  return String((options as { database?: unknown }).database ?? 'the configured database');
}
