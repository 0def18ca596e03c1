import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

import { suitesLeftOut } from './test/support/suite-selection.js';
import { refuseTestDatabase } from './test/support/test-database.js';
import { ISOLATED_SUITES, SERIAL_SUITES, testWorkers } from './test/support/test-workers.js';

// The tests read TEST_DATABASE_URL and TEST_REDIS_URL only, and refuse a database whose name does not end
// in _test before anything connects (docs/database-support.md). A deployment's own settings are removed,
// so neither the test files nor the processes they start can reach its database or Redis.
const refusal = process.env.TEST_DATABASE_URL ? refuseTestDatabase(process.env.TEST_DATABASE_URL) : undefined;
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

// SWC keeps the decorator metadata Nest's dependency injection and
// class-validator rely on (esbuild drops it).
const plugins = [swc.vite({ module: { type: 'es6' } })];
// Suites needing a real Redis or MySQL/MariaDB run only when TEST_REDIS_URL / TEST_DATABASE_URL say where
// (test/support/suite-selection.ts); the global setup names those left out at the end of the run.
const exclude = [...configDefaults.exclude, ...suitesLeftOut(process.env).patterns];
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  plugins,
  test: {
    // Once per run, before any file: each worker's MariaDB database, or SQLite's migrated template
    // (test/support/global-setup.ts). Here only, so that it runs once whichever projects a run selects.
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default'],
    projects: [
      {
        // The e2e files and the unit specs, several workers at once (TEST_WORKERS, test/support/test-workers.ts). A
        // worker runs its files one after another, each e2e file on a database of its own (a copy of the migrated
        // SQLite template, or the worker's MariaDB database) and, with Redis, under queue prefixes of its own. Not
        // isolated: a worker loads the service's modules once for all its files instead of once per file (half the
        // run's CPU time); the files that change the process itself are in the isolated project instead
        // (ISOLATED_SUITES).
        plugins,
        test: {
          name: 'e2e',
          include: ['test/**/*.e2e-spec.ts', 'src/**/*.spec.ts'],
          exclude: [...exclude, ...SERIAL_SUITES, ...ISOLATED_SUITES],
          isolate: false,
          maxWorkers: testWorkers(),
          sequence: { groupOrder: 0 },
          ...timeouts,
        },
      },
      {
        // Then ISOLATED_SUITES, each file in a fresh module graph. A group of their own: a worker is kept for the
        // next file only when that file is of its project, so mixed in with the e2e files they would end the shared
        // workers.
        plugins,
        test: {
          name: 'isolated',
          include: ISOLATED_SUITES,
          exclude,
          maxWorkers: testWorkers(),
          sequence: { groupOrder: 1 },
          ...timeouts,
        },
      },
      {
        // After the others, alone on the machine, one at a time: the files whose guarantees are about time
        // under a known load (SERIAL_SUITES says why each).
        plugins,
        test: {
          name: 'serial',
          include: SERIAL_SUITES,
          exclude,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          ...timeouts,
        },
      },
    ],
  },
});
