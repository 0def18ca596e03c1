import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A migration class as MIGRATIONS lists it. */
type MigrationClass = { readonly name: string };

const FOLDER = fileURLToPath(new URL('../../src/database/migrations/', import.meta.url));

/** What to do about a migration out of order. */
const HINT =
  'TypeORM runs migrations in timestamp order: create each with `npm run migration:create <Name>`, which picks a timestamp ' +
  'newer than every other and appends the class to MIGRATIONS, then move your code into it (docs/module-reference.md#migration).';

/**
 * Problems with the order of `migrations` (MIGRATIONS of src/database/migrations/index.ts, passed in): a class
 * whose name does not end in the 13-digit timestamp of its file, one not newer than the class before it, and a
 * migration file MIGRATIONS leaves out. Each message names the file and says what to do.
 *
 * @param folder the names of the files of src/database/migrations/ (read from it when not given).
 * @returns the messages, empty when MIGRATIONS lists every migration file, oldest first.
 */
export function migrationOrderProblems(migrations: readonly MigrationClass[], folder: readonly string[] = readdirSync(FOLDER)): string[] {
  const files = folder.filter((file) => /^\d{13}-.*\.ts$/.test(file) && !file.endsWith('.spec.ts'));
  const fileOf = (stamp: string) => files.find((file) => file.startsWith(`${stamp}-`));
  const problems: string[] = [];
  let previous: { stamp: number; file: string } | undefined;
  for (const migration of migrations) {
    const stamp = /(\d{13})$/.exec(migration.name)?.[1];
    const file = stamp === undefined ? undefined : fileOf(stamp);
    if (stamp === undefined || file === undefined) {
      problems.push(`${migration.name}: its name does not end in the timestamp of a file of src/database/migrations/. ${HINT}`);
      continue;
    }
    if (previous && Number(stamp) <= previous.stamp)
      problems.push(
        `src/database/migrations/${file} (${migration.name}) is listed after ${previous.file} but is not newer: ` +
          `it would run before migrations already applied. ${HINT}`,
      );
    previous = { stamp: Number(stamp), file };
  }
  const listed = new Set(migrations.map((migration) => /(\d{13})$/.exec(migration.name)?.[1]));
  for (const file of files) {
    if (!listed.has(file.slice(0, 13)))
      problems.push(`src/database/migrations/${file} is not in MIGRATIONS (index.ts), so it never runs. ${HINT}`);
  }
  return problems;
}
