import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const DRIVER = fileURLToPath(new URL('./sqlite-driver.ts', import.meta.url));

/**
 * The embedded backend's driver on the runtime this suite runs on (CI runs it on Node 20 and on Node 24): a process
 * that opens and drops two thousand databases, each with a statement, leaves the rest to the garbage collector
 * and exits. On Node 24.19 and later, better-sqlite3 12 aborts such a process ("Assertion failed: (env) != nullptr",
 * exit 134).
 */
describe('sqliteDriver', () => {
  it('opens databases that the garbage collector and the exit free without aborting the process', () => {
    const script = `
      const { sqliteDriver } = await import(${JSON.stringify(DRIVER)});
      const Database = sqliteDriver();
      for (let i = 0; i < 2000; i++) new Database(':memory:').prepare('SELECT 1 AS one').get();
      const kept = new Database(':memory:');
      console.log(JSON.stringify(kept.prepare('SELECT 1 AS one').get()));
    `;
    const child = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', '--input-type=module', '--eval', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: child.status, signal: child.signal, stdout: child.stdout }).toEqual({
      status: 0,
      signal: null,
      stdout: '{"one":1}\n',
    });
  });
});
