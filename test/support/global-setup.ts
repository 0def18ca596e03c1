import { HOW_TO_RUN_ALL, suitesLeftOut } from './suite-selection.js';
import { dropAllTables, testDatabaseUrl } from './test-database.js';

/**
 * Runs once before all test files. On MySQL/MariaDB (`TEST_DATABASE_URL`, a
 * database named `..._test`) it drops every table of the test database, so
 * the migrations are exercised from scratch on every run.
 * @returns the teardown, which names the suites the run left out and how to run them.
 * @throws Error when `TEST_DATABASE_URL` names a database the tests refuse.
 */
export default async function setup(): Promise<() => void> {
  const teardown = (): void => {
    const { files } = suitesLeftOut(process.env);
    if (files.length === 0) return;
    console.log(`\nLeft out ${files.length} suites that need MySQL/MariaDB, Redis or Chromium: ${files.join(', ')}`);
    console.log(`Run them with: ${HOW_TO_RUN_ALL}\n`);
  };
  if (!process.env.TEST_DATABASE_URL?.match(/^(mysql|mariadb):/)) return teardown;
  await dropAllTables(testDatabaseUrl());
  return teardown;
}
