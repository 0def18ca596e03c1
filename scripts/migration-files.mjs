// What `npm run migration:create` writes (scripts/migration-create.mjs), as functions of what it reads
// (test/migration-create.e2e-spec.ts runs them).

/** A migration's file name: its 13-digit timestamp (milliseconds), a dash, its name in kebab case. */
const MIGRATION_FILE = /^(\d{13})-[a-z0-9-]+\.ts$/;

/**
 * The timestamp of a new migration: `now` (milliseconds since the epoch), or one past the newest migration
 * among `files` (the names in src/database/migrations/) when that is not older.
 */
export function nextTimestamp(files, now) {
  const newest = Math.max(
    0,
    ...files
      .map((file) => MIGRATION_FILE.exec(file)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  return Math.max(now, newest + 1);
}

/** `TeamNotes` → `team-notes`. */
function kebab(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** The file name and text of a new migration class `<name><timestamp>`. */
export function migrationFile(name, timestamp) {
  const className = `${name}${timestamp}`;
  const text = `import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ${name}: what this migration changes in the schema, and why. Frozen once shipped: it holds every
 * statement it runs and imports only \`typeorm\` and \`column-types.ts\` (docs/module-reference.md#migration).
 */
export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The change, with the TypeORM Table API and the helpers of column-types.ts (runs on MySQL and SQLite).
    void queryRunner;
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Undoes up().
    void queryRunner;
  }
}
`;
  return { file: `${timestamp}-${kebab(name)}.ts`, text };
}

/**
 * `index` (the text of src/database/migrations/index.ts) with `className`, exported by `file`, imported after
 * the other migrations and appended to the end of MIGRATIONS.
 *
 * @throws when the text has no MIGRATIONS list to append to.
 */
export function registerMigration(index, className, file) {
  const lines = index.split('\n');
  const lastImport = lines.findLastIndex((line) => /^import .* from '\.\/\d{13}-[a-z0-9-]+\.js';$/.test(line));
  const end = lines.findIndex((line, at) => at > lastImport && line === '];');
  if (lastImport < 0 || end < 0) throw new Error('src/database/migrations/index.ts: no MIGRATIONS list found.');
  lines.splice(end, 0, `  ${className},`);
  lines.splice(lastImport + 1, 0, `import { ${className} } from './${file.replace(/\.ts$/, '.js')}';`);
  return lines.join('\n');
}
