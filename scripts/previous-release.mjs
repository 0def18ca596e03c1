// Which commit is the previous release, for scripts/previous-release-check.mjs (docs/operations.md#migrations),
// as functions of a git checkout (test/previous-release.e2e-spec.ts runs them on scratch repositories).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the migrations live, relative to the repository's root. */
export const MIGRATIONS_DIR = 'src/database/migrations';

/** A migration's file name: its 13-digit timestamp (milliseconds), a dash, its name in kebab case. */
const MIGRATION_FILE = /^(\d{13})-[a-z0-9-]+\.ts$/;

/**
 * The newest migration among `files` (names in src/database/migrations/): the greatest timestamp, then the
 * greatest name among files sharing it. Other files (index.ts, specs) are ignored.
 *
 * @throws Error when no file is a migration.
 */
export function latestMigration(files) {
  const migrations = files.filter((file) => MIGRATION_FILE.test(file)).sort();
  if (migrations.length === 0) throw new Error(`No migration (<13-digit timestamp>-<name>.ts) in ${MIGRATIONS_DIR}`);
  return migrations[migrations.length - 1];
}

/** `git <args>` in `cwd`, its output trimmed. */
function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * The previous release of the checkout at `root`: the parent of the commit that added its newest migration, i.e.
 * the code that must keep working on the schema this migration makes.
 *
 * @returns the migration's file, the commit that added it and that commit's parent (full hashes).
 * @throws Error when the history is shallow, when no commit added the file (not committed, or history cut off),
 *   or when that commit has no parent.
 */
export function previousRelease(root) {
  if (git(root, ['rev-parse', '--is-shallow-repository']) !== 'false') {
    throw new Error(`${root} is a shallow clone: the commit that added the newest migration may be missing (git fetch --unshallow)`);
  }
  const migration = latestMigration(readdirSync(join(root, MIGRATIONS_DIR)));
  const path = `${MIGRATIONS_DIR}/${migration}`;
  const added = git(root, ['log', '--diff-filter=A', '--format=%H', '-1', 'HEAD', '--', path]);
  if (!added) throw new Error(`No commit of HEAD's history adds ${path} (is it committed?)`);
  let previous;
  try {
    previous = git(root, ['rev-parse', '--verify', '--quiet', `${added}^`]);
  } catch {
    previous = '';
  }
  if (!previous) throw new Error(`${added}, which adds ${path}, has no parent: there is no previous release to check`);
  return { migration, added, previous };
}
