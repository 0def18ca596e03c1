#!/usr/bin/env node
// `npm run module:create <Name>` (docs/adding-a-module.md): scaffolds a complete feature, src/<name>/, in the
// project's conventions — its manifest, entity, migration (written by `npm run migration:create`), repository with
// `@GenerateSql`, service (every write one transaction), controller with one public GET and one validated,
// `@IdempotentWrite` POST, DTO and schema, domain errors (409 for a taken name, 422 for an unknown id), a unit spec
// and an e2e test — registers it in src/app.module.ts and in the table list of docs/architecture.md, formats
// everything with Prettier, then regenerates what the code determines: `npm run openapi` (openapi.json and the
// TypeScript client) and, when TEST_DATABASE_URL names a MySQL/MariaDB `_test` database, `npm run sql:generate`
// (src/queries/). `--no-generate` skips both (the test of this script does).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { featureFiles, migrationBody, namesOf, withAppModule, withTableRow } from './module-files.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run module:create <Name> [-- --no-generate]   (PascalCase and plural, e.g. Badges or TeamNotes)';

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--'));
if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
  console.error(USAGE);
  process.exit(1);
}
const n = namesOf(name);
if (existsSync(join(ROOT, 'src', n.kebab))) {
  console.error(`src/${n.kebab}/ exists already.`);
  process.exit(1);
}

/** Runs `command` in the repository's root, its output shown; @returns its standard output when `capture`. */
function run(command, commandArgs, capture = false) {
  console.log(`> ${[command, ...commandArgs].join(' ')}`);
  return execFileSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
}

const written = [];
for (const [file, text] of Object.entries(featureFiles(n))) {
  mkdirSync(dirname(join(ROOT, file)), { recursive: true });
  writeFileSync(join(ROOT, file), text);
  written.push(file);
}

const output = run(process.execPath, [join(ROOT, 'scripts/migration-create.mjs'), name], true);
process.stdout.write(output);
const [, migration, className] = /Wrote (src\/database\/migrations\/\S+\.ts) \((\w+)\)/.exec(output) ?? [];
if (!migration) throw new Error(`migration:create wrote no migration: ${output}`);
writeFileSync(join(ROOT, migration), migrationBody(n, className));
written.push(migration, 'src/database/migrations/index.ts');

const appModule = join(ROOT, 'src/app.module.ts');
writeFileSync(appModule, withAppModule(readFileSync(appModule, 'utf8'), n));
written.push('src/app.module.ts');
const architecture = join(ROOT, 'docs/architecture.md');
writeFileSync(architecture, withTableRow(readFileSync(architecture, 'utf8'), n));
run(join(ROOT, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...written]);
console.log(`Wrote src/${n.kebab}/, test/${n.kebab}.e2e-spec.ts and ${migration}; registered ${n.Plural}Module in src/app.module.ts`);
console.log(`and the table \`${n.snake}\` in docs/architecture.md#tables.`);

if (args.includes('--no-generate')) process.exit(0);
run('npm', ['run', 'openapi']);
const testDatabase = process.env.TEST_DATABASE_URL ?? '';
if (/^(mysql|mariadb):\/\/.*_test$/.test(testDatabase)) run('npm', ['run', 'sql:generate']);
else
  console.log(
    `Then write src/queries/${n.kebab}.repository.sql: TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/<name>_test npm run sql:generate`,
  );
