import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

// SWC keeps the decorator metadata Nest's dependency injection and
// class-validator rely on (esbuild drops it).
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.e2e-spec.ts'],
    // Suites needing a real Redis (`*.redis.e2e-spec.ts`) run only when REDIS_URL is set; those needing
    // several processes on one database (`*.redis-mysql.e2e-spec.ts`) also need DATABASE_URL on MySQL/MariaDB;
    // those of MySQL-only features (`*.mysql.e2e-spec.ts`) need DATABASE_URL on MySQL/MariaDB.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.REDIS_URL ? [] : ['test/**/*.redis.e2e-spec.ts']),
      ...(process.env.REDIS_URL && process.env.DATABASE_URL?.startsWith('mysql') ? [] : ['test/**/*.redis-mysql.e2e-spec.ts']),
      ...(process.env.DATABASE_URL?.startsWith('mysql') ? [] : ['test/**/*.mysql.e2e-spec.ts']),
    ],
    globalSetup: ['test/support/global-setup.ts'],
    // e2e files share one database: run files one after another.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
