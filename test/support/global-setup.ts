import 'reflect-metadata';

import { rmSync } from 'node:fs';

import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import type { TestProject } from 'vitest/node';

import { loadAppConfig } from '../../src/config/environment.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/migration-runner.js';
import { HOW_TO_RUN_ALL, suitesLeftOut } from './suite-selection.js';
import { testWorkers } from './test-workers.js';
import { dropAllTables, freshSqliteFile, refuseTestDatabase, SQLITE_TEMPLATE_VARIABLE, workerDatabaseUrl } from './test-database.js';

/**
 * Runs once before all test files. On MySQL/MariaDB (`TEST_DATABASE_URL`, a database named `<name>_test`) it
 * creates each vitest worker's database when missing (`<name>_w<N>_test`, test-database.ts; with one worker, the
 * database itself) and drops every table in it, so the
 * migrations are exercised from scratch on every run (each worker's first app applies them). On SQLite it migrates
 * one template file, which every test file's database is copied from (`TEST_SQLITE_TEMPLATE`): one migration per run
 * instead of one per app started.
 * @returns the teardown, which removes the template and names the suites the run left out and how to run them.
 * @throws Error when `TEST_DATABASE_URL` names a database the tests refuse.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cleanups: (() => void)[] = [];
  const teardown = (): void => {
    for (const cleanup of cleanups) cleanup();
    const { files } = suitesLeftOut(process.env);
    if (files.length === 0) return;
    console.log(`\nLeft out ${files.length} suites that need MySQL/MariaDB, Redis or Chromium: ${files.join(', ')}`);
    console.log(`Run them with: ${HOW_TO_RUN_ALL}\n`);
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const refusal = refuseTestDatabase(url);
    if (refusal) throw new Error(refusal);
  }
  if (url?.match(/^(mysql|mariadb):/)) {
    if (testWorkers() === 1) {
      await createEmptyDatabase(url);
      return teardown;
    }
    // As many as the most workers any project may start (a `--maxWorkers` given to vitest included).
    const workers = Math.max(testWorkers(), ...project.vitest.projects.map((each) => each.config.maxWorkers));
    for (let worker = 1; worker <= workers; worker++) await createEmptyDatabase(workerDatabaseUrl(url, worker));
    return teardown;
  }
  if (url) return teardown;
  const template = freshSqliteFile();
  const dataSource = new DataSource(dataSourceOptions(loadAppConfig({ DATABASE_URL: `sqlite:${template}` }).database));
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    // Closing the last connection checkpoints the write-ahead log into the file, which is then complete on its own.
    await dataSource.destroy();
  }
  process.env[SQLITE_TEMPLATE_VARIABLE] = template;
  cleanups.push(() => rmSync(template, { force: true }));
  return teardown;
}

/** Creates the MySQL/MariaDB database of `url` when missing (utf8mb4, as docs/database-support.md asks) and drops its tables. */
async function createEmptyDatabase(url: string): Promise<void> {
  const server = new URL(url);
  const name = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/';
  const connection = await createConnection({ uri: server.toString() });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
  await dropAllTables(url);
}
