import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';

import { createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';

import features from '../../scripts/features.cjs';
import { testWorkers } from './test-workers.js';

/** The tables triggers keep, from the manifests: how {@link truncateAll} resets each. */
const TRIGGER_KEPT = features.triggerKeptTables();

/**
 * The environment variable naming the SQLite file the run's global setup migrated once
 * (test/support/global-setup.ts); {@link testDatabaseUrl} copies it instead of migrating each file anew.
 */
export const SQLITE_TEMPLATE_VARIABLE = 'TEST_SQLITE_TEMPLATE';

/**
 * The vitest worker this process is (`VITEST_POOL_ID`: 1 to the run's number of workers, each running its test
 * files one after another); 1 outside vitest's workers.
 */
export function testWorker(): number {
  const id = Number(process.env.VITEST_POOL_ID);
  return Number.isInteger(id) && id > 0 ? id : 1;
}

/**
 * The database the e2e tests use. With `TEST_DATABASE_URL` (CI points it at a MariaDB database named
 * `<name>_test`): the database of this vitest worker, `<name>_w<N>_test` on the same server ({@link workerDatabaseUrl};
 * the global setup creates one per worker), so files in different workers never share tables; with one worker
 * (`TEST_WORKERS=1`), that database itself. Otherwise a fresh
 * SQLite file per call: a copy of the run's migrated template when the global setup made one, an empty file
 * (migrated by the app at start) otherwise. `DATABASE_URL` is never read: an operator's exported setting cannot
 * send the tests to a deployment's database.
 * @throws Error when `TEST_DATABASE_URL` names a database the tests refuse ({@link refuseTestDatabase}).
 */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const refusal = refuseTestDatabase(url);
    if (refusal) throw new Error(refusal);
    return /^(mysql|mariadb):\/\//.test(url) && testWorkers() > 1 ? workerDatabaseUrl(url, testWorker()) : url;
  }
  const file = freshSqliteFile();
  const template = process.env[SQLITE_TEMPLATE_VARIABLE];
  if (template) copyFileSync(template, file);
  return `sqlite:${file}`;
}

/**
 * A database without the schema, for a test of the migrations themselves: on MySQL/MariaDB {@link testDatabaseUrl}'s
 * (the test drops its tables first), on SQLite a new empty file rather than a copy of the migrated template.
 */
export function emptyTestDatabaseUrl(): string {
  const url = testDatabaseUrl();
  if (!url.startsWith('sqlite:')) return url;
  return `sqlite:${freshSqliteFile()}`;
}

/** A new SQLite file name (not created) in the tests' directory under the system's temporary directory. */
export function freshSqliteFile(): string {
  const dir = join(tmpdir(), 'accounts-service-tests');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.sqlite`);
}

/**
 * The MySQL/MariaDB `url` (database `<name>_test`) with its database renamed for vitest worker `worker`:
 * `<name>_w<worker>_test`, which still ends in `_test`.
 */
export function workerDatabaseUrl(url: string, worker: number): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  parsed.pathname = `/${encodeURIComponent(`${name.replace(/_test$/, '')}_w${worker}_test`)}`;
  return parsed.toString();
}

/** The Redis the suites that need one use (`TEST_REDIS_URL`), never `REDIS_URL`; undefined when unset. */
export function testRedisUrl(): string | undefined {
  return process.env.TEST_REDIS_URL || undefined;
}

/**
 * Why the tests must not run on `url`, as one line, or undefined when they may.
 * The rule (docs/database-support.md): the database's name ends in `_test` — the
 * MySQL/MariaDB database of `mysql://.../<name>`, or the SQLite file's name
 * without its extension (`sqlite:/tmp/accounts_test.sqlite`). The tests drop and
 * empty every table, so a name is checked before anything connects.
 */
export function refuseTestDatabase(url: string): string | undefined {
  if (url === 'sqlite::memory:') return undefined;
  const name = testDatabaseName(url);
  if (name === undefined)
    return `TEST_DATABASE_URL must be mysql://user:pass@host:3306/<name>_test or sqlite:<file>_test.sqlite; refusing ${redact(url)}`;
  if (!name.endsWith('_test')) {
    return `Refusing to run the tests on database "${name}" (TEST_DATABASE_URL): they drop and empty every table, so its name must end in _test`;
  }
  return undefined;
}

/** The database name of a `mysql://`/`mariadb://` URL, or the SQLite file's base name without extension. */
function testDatabaseName(url: string): string | undefined {
  if (url.startsWith('sqlite:')) {
    const file = basename(url.slice('sqlite:'.length));
    return file ? basename(file, extname(file)) : undefined;
  }
  if (!/^(mysql|mariadb):\/\//.test(url)) return undefined;
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || undefined;
  } catch {
    return undefined;
  }
}

/** `url` without its password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/**
 * Empties every table (schema kept) so each test file starts from nothing: the entities' tables, then the tables
 * triggers keep, as their manifests say (`keptByTriggers` of src/<folder>/feature.ts, scripts/features.cjs).
 */
export async function truncateAll(dataSource: DataSource): Promise<void> {
  const tables = dataSource.entityMetadatas.map((metadata) => metadata.tableName);
  const mysql = dataSource.options.type === 'mysql';
  const quote = (table: string) => (mysql ? `\`${table}\`` : `"${table}"`);
  // Maintained by triggers; reset whatever order the tables were emptied in.
  const kept = TRIGGER_KEPT.filter((table) => mysql || !table.mysqlOnly).flatMap(({ table, keep, zero }) => [
    `DELETE FROM ${quote(table)}${keep ? ` WHERE NOT (${keep})` : ''}`,
    ...(zero ? [`UPDATE ${quote(table)} SET ${zero} = 0`] : []),
  ]);
  const statements = [...tables.map((table) => `DELETE FROM ${quote(table)}`), ...kept];
  if (mysql) {
    await dataSource.transaction(async (manager) => {
      await manager.query('SET FOREIGN_KEY_CHECKS = 0');
      for (const statement of statements) await manager.query(statement);
      await manager.query('SET FOREIGN_KEY_CHECKS = 1');
    });
    return;
  }
  await dataSource.query('PRAGMA foreign_keys = OFF');
  for (const statement of statements) await dataSource.query(statement);
  await dataSource.query('PRAGMA foreign_keys = ON');
}

/** Drops every table of the MySQL/MariaDB database at `url` (the run's global setup; a migration test's empty start). */
export async function dropAllTables(url: string): Promise<void> {
  const connection = await createConnection({ uri: url, multipleStatements: true });
  try {
    const [rows] = await connection.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
    const names = (rows as { name: string }[]).map((row) => `\`${row.name}\``);
    if (names.length > 0) await connection.query(`SET FOREIGN_KEY_CHECKS = 0; DROP TABLE ${names.join(', ')}; SET FOREIGN_KEY_CHECKS = 1`);
  } finally {
    await connection.end();
  }
}
