import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { latestMigration, MIGRATIONS_DIR, previousRelease } from '../scripts/previous-release.mjs';

/** `git <args>` in `cwd`, its output trimmed. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' }).trim();
}

/** Writes `files` (paths under the migrations folder) in `repo` and commits them. @returns the commit. */
function commit(repo: string, message: string, files: string[]): string {
  mkdirSync(join(repo, MIGRATIONS_DIR), { recursive: true });
  for (const file of files) writeFileSync(join(repo, MIGRATIONS_DIR, file), `// ${message}\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}

/**
 * Which commit CI checks as the previous release (scripts/previous-release-check.mjs, docs/operations.md#migrations):
 * the parent of the commit that added the newest migration, on scratch repositories; and the cases where it must
 * refuse rather than check the wrong code.
 */
describe('the previous release of the newest migration', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'previous-release-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is the newest file by its timestamp, whatever else the folder holds', () => {
    expect(latestMigration(['index.ts', '1700000000000-b.ts', '1800000000001-a.ts', '1800000000000-z.ts', 'x.spec.ts'])).toBe(
      '1800000000001-a.ts',
    );
    expect(() => latestMigration(['index.ts', 'column-types.ts'])).toThrow('No migration');
  });

  it('is the parent of the commit that added it, not of later commits that changed it', () => {
    const repo = join(scratch, 'history');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    commit(repo, 'first', ['1700000000000-first.ts', 'index.ts']);
    const before = commit(repo, 'code only', ['index.ts']);
    const added = commit(repo, 'newest', ['1800000000000-newest.ts']);
    commit(repo, 'edit newest', ['1800000000000-newest.ts']);

    expect(previousRelease(repo)).toEqual({ migration: '1800000000000-newest.ts', added, previous: before });
  });

  it('refuses a migration no commit added, a first commit and a shallow clone', () => {
    const repo = join(scratch, 'refusals');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    commit(repo, 'only', ['1700000000000-only.ts']);
    expect(() => previousRelease(repo)).toThrow('has no parent');

    commit(repo, 'second', ['index.ts']);
    writeFileSync(join(repo, MIGRATIONS_DIR, '1800000000000-uncommitted.ts'), '');
    expect(() => previousRelease(repo)).toThrow('No commit of HEAD');
    rmSync(join(repo, MIGRATIONS_DIR, '1800000000000-uncommitted.ts'));

    const shallow = join(scratch, 'shallow');
    git(scratch, 'clone', '-q', '--depth', '1', `file://${repo}`, shallow);
    expect(() => previousRelease(shallow)).toThrow('shallow clone');
  });
});
