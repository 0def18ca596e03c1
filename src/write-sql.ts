import 'reflect-metadata';

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createConnection } from 'mysql2/promise';

import { readAppConfig } from './config/config.module.js';
import { generateSqlFiles } from './database/sql-files/sql-file-generator.js';

const SRC = fileURLToPath(new URL('.', import.meta.url));
const QUERIES = join(SRC, 'queries');
const USAGE =
  'TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/<name>_test npm run sql:generate (or sql:check); ' +
  'the files are written from a fresh database <name>_sql_test, dropped afterwards (docs/architecture.md#sql-files)';

/**
 * `npm run sql:generate`: writes every statement the `@GenerateSql` methods
 * send, with its MariaDB plan, to `src/queries/*.sql`
 * (docs/architecture.md#sql-files). `npm run sql:check` (`--check`) writes
 * them to a temporary folder instead and fails, printing the diff, when they
 * differ from the committed files. The MariaDB server is TEST_DATABASE_URL's;
 * the database, its name with `_test` turned into `_sql_test`, is created
 * empty and dropped at the end.
 */
async function main(args: string[]): Promise<number> {
  const check = args.includes('--check');
  const url = sqlDatabaseUrl(process.env.TEST_DATABASE_URL);
  const database = decodeURIComponent(url.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/';
  const admin = await createConnection(server.href);
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const { files, failures } = await generateSqlFiles(readAppConfig({ DATABASE_URL: url.href, REDIS_URL: '', LOG_LEVEL: 'error' }), SRC);
    for (const failure of failures) console.error(failure);
    const target = check ? mkdtempSync(join(tmpdir(), 'sql-files-')) : QUERIES;
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(target, name), text);
    if (!check) {
      console.log(`Wrote ${files.size} files to src/queries`);
      return failures.length > 0 ? 1 : 0;
    }
    const diff = spawnSync('diff', ['-ruN', QUERIES, target], { encoding: 'utf8' });
    rmSync(target, { recursive: true, force: true });
    if (diff.status === 0 && failures.length === 0) {
      console.log(`src/queries matches the code (${readdirSync(QUERIES).length} files)`);
      return 0;
    }
    process.stdout.write(diff.stdout);
    console.error('src/queries differs from the statements the code sends: run `npm run sql:generate` and commit the change.');
    return 1;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
}

/** The generator's database: TEST_DATABASE_URL's server, its database name ending in `_sql_test`. @throws when the URL is missing or not a `_test` MySQL/MariaDB database. */
function sqlDatabaseUrl(testUrl: string | undefined): URL {
  const url = testUrl && URL.canParse(testUrl) ? new URL(testUrl.replace(/^mariadb:/, 'mysql:')) : null;
  const name = url ? decodeURIComponent(url.pathname.slice(1)) : '';
  if (!url || url.protocol !== 'mysql:' || !/^[A-Za-z0-9_]+_test$/.test(name)) throw new Error(USAGE);
  url.pathname = `/${name.slice(0, -'_test'.length)}_sql_test`;
  return url;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
