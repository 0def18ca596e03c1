#!/usr/bin/env node
// `npm run migration:create <Name>`: writes src/database/migrations/<timestamp>-<name>.ts, a migration in this
// project's format (docs/module-reference.md#migration), and appends it to MIGRATIONS in
// src/database/migrations/index.ts. The timestamp is now, or one past the newest migration's when that is
// later: TypeORM runs migrations in timestamp order, so a new one must be newer than every other
// (test/migrations-schema.e2e-spec.ts and src/database/migrations/migration-order.spec.ts fail otherwise).
// TypeORM's own `migration:create` stamps Date.now() and names files after the class; this writes the
// project's kebab-case file names and registers the class.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { migrationFile, nextTimestamp, registerMigration } from './migration-files.mjs';

const FOLDER = fileURLToPath(new URL('../src/database/migrations/', import.meta.url));
const USAGE = 'Usage: npm run migration:create <Name>   (PascalCase, e.g. TeamNotes)';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
  console.error(USAGE);
  process.exit(1);
}
const timestamp = nextTimestamp(readdirSync(FOLDER), Date.now());
const { file, text } = migrationFile(name, timestamp);
if (existsSync(`${FOLDER}${file}`)) {
  console.error(`src/database/migrations/${file} exists already.`);
  process.exit(1);
}
const index = `${FOLDER}index.ts`;
writeFileSync(`${FOLDER}${file}`, text);
writeFileSync(index, registerMigration(readFileSync(index, 'utf8'), `${name}${timestamp}`, file));
console.log(
  `Wrote src/database/migrations/${file} (${name}${timestamp}) and appended it to MIGRATIONS in src/database/migrations/index.ts.`,
);
