import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

import { suitesLeftOut } from './test/support/suite-selection.js';
import { refuseTestDatabase } from './test/support/test-database.js';

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
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.e2e-spec.ts'],
    // Suites needing a real Redis or MySQL/MariaDB run only when TEST_REDIS_URL / TEST_DATABASE_URL say where
    // (test/support/suite-selection.ts); the global setup names those left out at the end of the run.
    exclude: [...configDefaults.exclude, ...suitesLeftOut(process.env).patterns],
    globalSetup: ['test/support/global-setup.ts'],
    // e2e files share one database: run files one after another.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
