import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

import { documentedOwners, layerProblems, tableListProblems } from '../scripts/module-checks.mjs';

const layers = createRequire(import.meta.url)('../scripts/layers.cjs');
const LAYERS = {
  ROOTS: layers.ROOTS,
  INFRASTRUCTURE: layers.INFRASTRUCTURE,
  FEATURES: layers.FEATURES,
  READ_MODEL: layers.READ_MODEL,
  COMMON: layers.COMMON,
  NO_CODE: layers.NO_CODE,
};

/**
 * The checks `npm run lint` runs before ESLint (scripts/check-modules.mjs): every folder under src/ in a layer
 * of scripts/layers.cjs, and the architecture's table list (docs/architecture.md#tables) the same as
 * TABLE_OWNERS. Each passes on the repository and fails on a bad sample with one message that says what to do.
 */
describe('module checks', () => {
  const folders = readdirSync('src', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const architecture = readFileSync('docs/architecture.md', 'utf8');
  /** TABLE_OWNERS, as eslint.config.js gives it to the rule. */
  let TABLE_OWNERS: Record<string, string>;

  beforeAll(async () => {
    const config = await new ESLint().calculateConfigForFile('src/teams/teams.repository.ts');
    TABLE_OWNERS = config.rules['local/table-ownership'][1].owners;
  });

  it('finds every folder of src/ in exactly one layer', () => {
    expect(layerProblems(folders, LAYERS)).toEqual([]);
  });

  it('names a feature folder missing from FEATURES in one message, and a listed folder that does not exist', () => {
    expect(layerProblems([...folders, 'announcements'], LAYERS)).toEqual([
      expect.stringMatching(/^src\/announcements\/ is in no layer: add 'announcements' to FEATURES in scripts\/layers\.cjs/),
    ]);
    expect(
      layerProblems(
        folders.filter((folder) => folder !== 'teams'),
        LAYERS,
      ),
    ).toEqual(['src/teams/ is listed in FEATURES of scripts/layers.cjs but does not exist: remove it.']);
  });

  it("documents exactly TABLE_OWNERS' tables and owners in the architecture's table list", () => {
    expect(tableListProblems(architecture, TABLE_OWNERS)).toEqual([]);
    expect(
      documentedOwners(architecture)
        .flatMap((row) => row.tables)
        .sort(),
    ).toEqual(Object.keys(TABLE_OWNERS).sort());
  });

  it('fails when the list and TABLE_OWNERS disagree', () => {
    expect(tableListProblems(architecture, { ...TABLE_OWNERS, announcements: 'src/announcements/' })).toEqual([
      'Table `announcements` (TABLE_OWNERS in eslint.config.js) is missing from the table list of docs/architecture.md#tables.',
    ]);
    expect(tableListProblems(architecture, { ...TABLE_OWNERS, teams: 'src/accounts/' })).toEqual([
      'Table `teams`: docs/architecture.md#tables names its owner src/teams/, TABLE_OWNERS in eslint.config.js src/accounts/.',
    ]);
    const withoutSessions = Object.fromEntries(Object.entries(TABLE_OWNERS).filter(([table]) => table !== 'sessions'));
    expect(tableListProblems(architecture, withoutSessions)).toEqual([
      'Table `sessions` of docs/architecture.md#tables has no owner in TABLE_OWNERS (eslint.config.js): add it there.',
    ]);
  });
});
