import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { runProcess } from './support/child-process.js';
import { refuseTestDatabase } from './support/test-database.js';

import { sqliteDriver } from '../src/database/sqlite-driver.js';

const Database = sqliteDriver();

const VITEST = join('node_modules', 'vitest', 'vitest.mjs');

/** A SQLite file holding data someone keeps: a table `kept` with three rows. */
function keptDatabase(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kept-')), name);
  const db = new Database(file);
  db.exec('CREATE TABLE kept (x INTEGER); INSERT INTO kept VALUES (1), (2), (3)');
  db.close();
  return file;
}

/** The tables of a SQLite file and the rows of `kept`. */
function contents(file: string): { tables: string[]; rows: number } {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
      (row) => row.name,
    );
    const { rows } = db.prepare('SELECT COUNT(*) AS rows FROM kept').get() as { rows: number };
    return { tables, rows };
  } finally {
    db.close();
  }
}

/** Runs `vitest run <file>` as `npm test` would, with `env` instead of the test settings this run was given. */
function vitest(file: string, env: Record<string, string | undefined>) {
  return runProcess(process.execPath, [VITEST, 'run', file], { TEST_DATABASE_URL: undefined, TEST_REDIS_URL: undefined, ...env });
}

describe('the tests touch only a database given for testing (docs/database-support.md)', () => {
  it('refuse, in one line and before connecting, a TEST_DATABASE_URL whose database name does not end in _test', async () => {
    const file = keptDatabase('accounts.sqlite');
    const result = await vitest('test/smoke.e2e-spec.ts', { TEST_DATABASE_URL: `sqlite:${file}` });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Refusing to run the tests on database "accounts" (TEST_DATABASE_URL): they drop and empty every table, so its name must end in _test\n',
    );
    expect(contents(file)).toEqual({ tables: ['kept'], rows: 3 });

    const mysql = await vitest('test/smoke.e2e-spec.ts', { TEST_DATABASE_URL: 'mysql://root:secret@127.0.0.1:1/accounts' });
    expect({ code: mysql.code, stdout: mysql.stdout, lines: mysql.stderr.split('\n').filter(Boolean) }).toEqual({
      code: 1,
      stdout: '',
      lines: [
        'Refusing to run the tests on database "accounts" (TEST_DATABASE_URL): they drop and empty every table, so its name must end in _test',
      ],
    });
  });

  // A whole vitest run of its own (start, the global setup's SQLite template, the suite): up to a minute.
  it('never read DATABASE_URL or REDIS_URL: an exported deployment setting is left alone', async () => {
    const file = keptDatabase('accounts.sqlite');
    const result = await vitest('test/smoke.e2e-spec.ts', { DATABASE_URL: `sqlite:${file}`, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(contents(file)).toEqual({ tables: ['kept'], rows: 3 });
  }, 60_000);

  it('the rule, by URL', () => {
    expect(refuseTestDatabase('mysql://root@127.0.0.1:3306/accounts_test')).toBeUndefined();
    expect(refuseTestDatabase('mariadb://u:p@db/accounts_service_ci_test?charset=utf8mb4')).toBeUndefined();
    expect(refuseTestDatabase('sqlite:/tmp/accounts_test.sqlite')).toBeUndefined();
    expect(refuseTestDatabase('sqlite::memory:')).toBeUndefined();
    expect(refuseTestDatabase('mysql://root@127.0.0.1:3306/accounts')).toMatch(/^Refusing to run the tests on database "accounts"/);
    expect(refuseTestDatabase('mysql://root@127.0.0.1:3306/test_accounts')).toMatch(/"test_accounts"/);
    expect(refuseTestDatabase('mysql://root:hunter2@127.0.0.1:3306/')).toBe(
      'TEST_DATABASE_URL must be mysql://user:pass@host:3306/<name>_test or sqlite:<file>_test.sqlite; refusing mysql://root:***@127.0.0.1:3306/',
    );
    expect(refuseTestDatabase('postgres://db/x_test')).toMatch(/^TEST_DATABASE_URL must be/);
  });
});
