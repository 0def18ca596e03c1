import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';

import { migrationFile, nextTimestamp, registerMigration } from '../scripts/migration-files.mjs';
import { syntaxOnlyEslint } from './support/rule-eslint.js';

const MIGRATIONS = 'src/database/migrations';

/** The timestamps of the migrations in `folder`. */
function timestamps(folder: string): number[] {
  return readdirSync(folder)
    .map((file) => /^(\d{13})-/.exec(file)?.[1])
    .filter((stamp): stamp is string => stamp !== undefined)
    .map(Number);
}

/**
 * `npm run migration:create <Name>` (scripts/migration-create.mjs): a migration in the project's format whose
 * timestamp is newer than every other, registered at the end of MIGRATIONS. Run on a scratch copy of the
 * script and the migrations folder.
 */
describe('npm run migration:create', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'migration-create-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('writes a migration newer than every other, appended to MIGRATIONS, that lint and Prettier accept', async () => {
    mkdirSync(join(scratch, 'scripts'));
    for (const file of ['migration-create.mjs', 'migration-files.mjs']) cpSync(join('scripts', file), join(scratch, 'scripts', file));
    cpSync(MIGRATIONS, join(scratch, MIGRATIONS), { recursive: true });
    const newest = Math.max(...timestamps(MIGRATIONS));

    const output = execFileSync(process.execPath, [join(scratch, 'scripts/migration-create.mjs'), 'Probe'], { encoding: 'utf8' });

    const created = readdirSync(join(scratch, MIGRATIONS)).filter((file) => file.endsWith('-probe.ts'));
    expect(created).toHaveLength(1);
    const stamp = Number(created[0]!.slice(0, 13));
    expect(stamp).toBeGreaterThan(newest);
    expect(output).toContain(`Wrote src/database/migrations/${created[0]} (Probe${stamp})`);
    const index = readFileSync(join(scratch, MIGRATIONS, 'index.ts'), 'utf8');
    expect(index).toContain(`import { Probe${stamp} } from './${stamp}-probe.js';`);
    expect(index).toMatch(new RegExp(`  Probe${stamp},\\n\\];`));

    const text = readFileSync(join(scratch, MIGRATIONS, created[0]!), 'utf8');
    expect(text).toContain(`export class Probe${stamp} implements MigrationInterface {\n  name = 'Probe${stamp}';`);
    // Syntax rules only: the file exists in the scratch copy, not in the project the type-aware rules' service reads.
    const [result] = await syntaxOnlyEslint().lintText(text, { filePath: join(MIGRATIONS, created[0]!) });
    expect(result!.messages).toEqual([]);
    const options = await prettier.resolveConfig(join(MIGRATIONS, 'index.ts'));
    expect(await prettier.check(text, { ...options, parser: 'typescript' })).toBe(true);
    expect(await prettier.check(index, { ...options, parser: 'typescript' })).toBe(true);
  });

  it('refuses a name that is not PascalCase, writing nothing', () => {
    const before = readdirSync(join(scratch, MIGRATIONS));
    expect(() => execFileSync(process.execPath, [join(scratch, 'scripts/migration-create.mjs'), 'team-notes'], { stdio: 'pipe' })).toThrow(
      /Usage: npm run migration:create <Name>/,
    );
    expect(readdirSync(join(scratch, MIGRATIONS))).toEqual(before);
  });

  it('picks one past the newest migration when the clock is behind it, and names the file in kebab case', () => {
    expect(nextTimestamp(['1795800000000-fair-scheduling.ts', 'index.ts', 'column-types.ts'], 1764000000000)).toBe(1795800000001);
    expect(nextTimestamp(['1795800000000-fair-scheduling.ts'], 1800000000000)).toBe(1800000000000);
    expect(migrationFile('TeamNotes', 1800000000000).file).toBe('1800000000000-team-notes.ts');
    expect(() => registerMigration('export const MIGRATIONS = [];', 'TeamNotes1800000000000', '1800000000000-team-notes.ts')).toThrow(
      /no MIGRATIONS list/,
    );
  });
});
