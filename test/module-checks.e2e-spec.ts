import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import features from '../scripts/features.cjs';
import { documentedOwners, tableListProblems } from '../scripts/module-checks.mjs';

/**
 * The checks `npm run lint` runs before ESLint (scripts/check-modules.mjs): every folder of src/ with code has a
 * manifest (src/<folder>/feature.ts, docs/architecture.md#feature-manifests) of the right shape, and the
 * architecture's table list (docs/architecture.md#tables) names the manifests' tables and owners. Each passes on
 * the repository and fails on a bad sample with one message that says what to do.
 */
describe('module checks', () => {
  const architecture = readFileSync('docs/architecture.md', 'utf8');
  const owners = features.tableOwners();
  /** A scratch src/ (its manifests only, and one file of code per folder) to break. */
  let scratch: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'module-checks-'));
    for (const folder of readdirSync('src', { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      cpSync(join('src', folder.name), join(scratch, 'src', folder.name), {
        recursive: true,
        filter: (source) => !source.endsWith('.ts') || source.endsWith('feature.ts') || source === join('src', folder.name),
      });
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a valid manifest for every folder of src/ with code', () => {
    expect(features.readManifests().problems).toEqual([]);
    expect(features.foldersOf('feature')).toEqual(expect.arrayContaining(['accounts', 'teams', 'events']));
    expect(features.foldersOf('root')).toEqual(['cli']);
  });

  it('names a folder with code and no manifest, a wrong field, and a table owned twice, one message each', () => {
    mkdirSync(join(scratch, 'src/announcements'));
    writeFileSync(join(scratch, 'src/announcements/x.ts'), 'export {};\n');
    writeFileSync(join(scratch, 'src/clock/feature.ts'), "export const feature = { layer: 'infrastructure', import: [] };\n");
    writeFileSync(
      join(scratch, 'src/permissions/feature.ts'),
      "export const feature = { layer: 'feature', tables: { teams: '' }, imports: ['nope'] };\n",
    );
    expect(features.readManifests(scratch).problems).toEqual([
      'src/announcements/ has no manifest: add src/announcements/feature.ts (its layer, its tables; see docs/architecture.md#feature-manifests).',
      'src/clock/feature.ts: unknown field `import` (fields: layer, tables, keptByTriggers, imports, everyTable, upkeep).',
      "src/permissions/feature.ts: `imports` names 'nope', which is no other feature.",
      'Table `teams` is in the `tables` of both src/permissions/feature.ts and src/teams/feature.ts.',
    ]);
  });

  it("ESLint's table owners are the manifests'", async () => {
    const config = await new ESLint().calculateConfigForFile('src/teams/teams.repository.ts');
    expect(config.rules['local/table-ownership'][1].owners).toEqual(owners);
    expect(owners).toMatchObject({ teams: 'src/teams/', apps: 'src/auth/apps/', team_name_grams: 'src/read-model/team-search.reader.ts' });
  });

  it("documents exactly the manifests' tables and owners in the architecture's table list", () => {
    expect(tableListProblems(architecture, owners)).toEqual([]);
    expect(
      documentedOwners(architecture)
        .flatMap((row) => row.tables)
        .sort(),
    ).toEqual(Object.keys(owners).sort());
  });

  it('fails when the list and the manifests disagree', () => {
    expect(tableListProblems(architecture, { ...owners, announcements: 'src/announcements/' })).toEqual([
      'Table `announcements` (src/announcements/feature.ts) is missing from the table list of docs/architecture.md#tables: add its row.',
    ]);
    expect(tableListProblems(architecture, { ...owners, teams: 'src/accounts/' })).toEqual([
      'Table `teams`: docs/architecture.md#tables names its owner src/teams/, src/accounts/feature.ts src/accounts/.',
    ]);
    const withoutSessions = Object.fromEntries(Object.entries(owners).filter(([table]) => table !== 'sessions'));
    expect(tableListProblems(architecture, withoutSessions)).toEqual([
      "Table `sessions` of docs/architecture.md#tables is in no manifest: add it to `tables` of its owner's src/<folder>/feature.ts.",
    ]);
  });
});
