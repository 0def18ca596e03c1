import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which e2e suites a run leaves out for want of a real server, from the environment:
 * `*.redis.e2e-spec.ts` need `TEST_REDIS_URL`; `*.mysql.e2e-spec.ts` need
 * `TEST_DATABASE_URL` on MySQL/MariaDB; `*.redis-mysql.e2e-spec.ts` need both; `*.browser.e2e-spec.ts` need a
 * Chromium ({@link chromiumPath}).
 * @returns the glob patterns for vitest's `exclude` and the files on disk they match (sorted).
 */
export function suitesLeftOut(env: NodeJS.ProcessEnv): { patterns: string[]; files: string[] } {
  const redis = Boolean(env.TEST_REDIS_URL);
  const mysql = /^(mysql|mariadb):\/\//.test(env.TEST_DATABASE_URL ?? '');
  const suffixes = [
    ...(chromiumPath(env) ? [] : ['.browser.e2e-spec.ts']),
    ...(redis ? [] : ['.redis.e2e-spec.ts']),
    ...(redis && mysql ? [] : ['.redis-mysql.e2e-spec.ts']),
    ...(mysql ? [] : ['.mysql.e2e-spec.ts']),
  ];
  const files = readdirSync('test')
    .filter((name) => suffixes.some((suffix) => name.endsWith(suffix)))
    .map((name) => join('test', name))
    .sort();
  return { patterns: suffixes.map((suffix) => `test/**/*${suffix}`), files };
}

/** The Chromium the browser suites drive: `TEST_CHROMIUM`, else Debian's `/usr/bin/chromium` where installed; undefined for none. */
export function chromiumPath(env: NodeJS.ProcessEnv): string | undefined {
  if (env.TEST_CHROMIUM) return env.TEST_CHROMIUM;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** What to run to include the suites a run left out (see docs/database-support.md). */
export const HOW_TO_RUN_ALL =
  'TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/accounts_test TEST_REDIS_URL=redis://127.0.0.1:6379/15 npm test (docs/database-support.md), with Chromium installed (apt-get install chromium) for the browser suites';
