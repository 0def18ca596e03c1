// Expand/contract, proved for the newest migration (docs/operations.md#migrations): the previous release's code
// (the commit before the one that added the newest migration) runs a subset of its own e2e suites on a MariaDB
// database migrated by this checkout's migrations. Exits 1 when any of them fails.
//
//   node scripts/previous-release-check.mjs mysql://root@127.0.0.1:3306/<name>_test   (after npm run build)
//   node scripts/previous-release-check.mjs --dry-run                                 (names the commits only)
//
// The database is dropped and created anew (its name must end in _test). The previous release is unpacked
// with `git archive` into a temporary directory (removed at the end; --keep leaves it), its node_modules a
// link to this checkout's when the package-lock.json files are equal, otherwise a hard-linked copy of it that
// `npm install` brings to the previous release's lock.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { previousRelease } from './previous-release.mjs';

/** The previous release's suites run on the new schema: the HTTP API end to end, without Redis. */
const SUITES = ['smoke', 'accounts', 'teams', 'awards', 'callbacks', 'delivery-embedded', 'delivery-log'].map(
  (name) => `test/${name}.e2e-spec.ts`,
);

/**
 * The previous release's vitest configuration without its global setup, which drops every table of the test
 * database so that its own migrations build the schema: here the schema is the new release's, made beforehand.
 * Its test apps still apply pending migrations at start; they find none (TypeORM compares names only, and a
 * migration it does not know in the migrations table is left alone). Run with TEST_WORKERS=1: one worker, on that
 * database itself rather than on per-worker databases (test/support/test-database.ts).
 */
const VITEST_CONFIG = `import config from './vitest.config';

export default { ...config, test: { ...config.test, globalSetup: [] } };
`;

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const keep = args.includes('--keep');
const databaseUrl = args.find((arg) => !arg.startsWith('--'));
const started = Date.now();

/** Prints a step with the seconds since the start. */
function step(message) {
  console.log(`\n== previous release check (${Math.round((Date.now() - started) / 1000)}s): ${message}`);
}

/** Runs `command` in `cwd` with the output shown. @throws Error when it exits non-zero. */
function run(command, commandArgs, cwd, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} (in ${cwd}) exited with ${result.status ?? result.signal}`);
}

/** The environment without any database or Redis setting of its own. */
function cleanEnv(extra) {
  const env = { ...process.env, ...extra };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'TEST_REDIS_URL', 'DATABASE_REPLICA_URLS']) if (!(name in extra)) delete env[name];
  return env;
}

/** The migrations table's names, oldest first. */
async function appliedMigrations(url) {
  const connection = await createConnection(url);
  try {
    const [rows] = await connection.query('SELECT name FROM migrations ORDER BY timestamp, id');
    return rows.map((row) => row.name);
  } finally {
    await connection.end();
  }
}

async function main() {
  const release = previousRelease(root);
  const subject = (commit) => execFileSync('git', ['log', '-1', '--format=%h %s', commit], { cwd: root, encoding: 'utf8' }).trim();
  console.log(`newest migration: ${release.migration}`);
  console.log(`added by:         ${subject(release.added)}`);
  console.log(`previous release: ${subject(release.previous)}`);
  if (dryRun) return 0;

  const name = databaseUrl && /^(mysql|mariadb):\/\/[^/]+\/([^/?]+)$/.exec(databaseUrl)?.[2];
  if (!name || !name.endsWith('_test')) {
    throw new Error(`Give a MariaDB database URL whose name ends in _test (it is dropped and created anew); got ${databaseUrl ?? 'none'}`);
  }
  const cli = join(root, 'dist/cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);

  step(`database ${name}: dropped and created anew`);
  const server = await createConnection(databaseUrl.replace(/\/[^/]+$/, '/'));
  await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.end();

  step('migrated by this checkout (node dist/cli.js migrations run)');
  run(process.execPath, [cli, 'migrations', 'run'], root, cleanEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }));
  const applied = await appliedMigrations(databaseUrl);
  console.log(`${applied.length} migrations applied, the newest ${applied.at(-1)}`);

  const dir = mkdtempSync(join(tmpdir(), 'previous-release-'));
  try {
    step(`previous release ${release.previous.slice(0, 12)} unpacked in ${dir}`);
    execFileSync('sh', ['-c', `git archive --format=tar "$1" | tar -x -C "$2"`, 'sh', release.previous, dir], {
      cwd: root,
      stdio: 'inherit',
    });
    const sameLock = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(root, 'package-lock.json'), 'utf8');
    if (sameLock) {
      step('package-lock.json unchanged: node_modules linked to this checkout’s');
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      // A hard-linked copy of this checkout's node_modules that npm brings to the previous release's lock: it
      // fetches, removes and builds only the packages that differ (a clean `npm ci` takes minutes more). npm
      // replaces a package's files rather than writing into them, so the links never change this checkout's files;
      // its own record of the tree and the tools' caches (vitest's, written in place) are files that would be
      // written into, so the copy goes without them.
      step('package-lock.json differs: node_modules hard-linked from this checkout’s, then npm install to its lock');
      run('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')], dir);
      for (const own of ['.package-lock.json', '.vite', '.cache']) rmSync(join(dir, 'node_modules', own), { recursive: true, force: true });
      run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    }
    step('previous release: npm run build');
    run('npm', ['run', 'build'], dir);

    const suites = SUITES.filter((suite) => existsSync(join(dir, suite)));
    const missing = SUITES.filter((suite) => !suites.includes(suite));
    if (missing.length > 0) console.log(`not in the previous release (skipped): ${missing.join(', ')}`);
    if (suites.length === 0) throw new Error('The previous release has none of the suites to run');
    step(`previous release's suites on the new schema: ${suites.join(' ')}`);
    writeFileSync(join(dir, 'vitest.previous-release.config.ts'), VITEST_CONFIG);
    const results = join(dir, 'vitest-results.json');
    const vitest = spawnSync(
      process.execPath,
      [
        join(dir, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'vitest.previous-release.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${results}`,
        ...suites,
      ],
      { cwd: dir, env: cleanEnv({ TEST_DATABASE_URL: databaseUrl, TEST_WORKERS: '1' }), stdio: 'inherit' },
    );
    const report = existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')) : undefined;
    const after = await appliedMigrations(databaseUrl);
    step('result');
    console.log(`previous release ${release.previous.slice(0, 12)} on the schema of ${release.migration}`);
    if (report) {
      console.log(
        `${report.testResults.length} files, ${report.numPassedTests} tests passed, ${report.numFailedTests} failed, ${report.numTotalTests} in all`,
      );
    }
    // The suites ran on the new schema: its migration records are all still there (nothing rebuilt it).
    if (after.join() !== applied.join()) {
      throw new Error(
        `The migrations table changed during the run (${applied.length} before, ${after.length} after): the suites did not run on the new schema`,
      );
    }
    if (vitest.status !== 0 || !report || report.numFailedTests > 0 || report.numTotalTests === 0 || !report.success) {
      console.error(
        `FAILED: the previous release's code does not work on the schema of ${release.migration}. ` +
          'Expand first, contract in a later release (docs/operations.md#migrations).',
      );
      return 1;
    }
    console.log(`passed in ${Math.round((Date.now() - started) / 1000)}s`);
    return 0;
  } finally {
    if (keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`FATAL: previous release check: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
