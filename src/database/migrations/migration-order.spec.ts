import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { migrationOrderProblems } from '../../../test/support/migration-order.js';
import { MIGRATIONS } from './index.js';

/** MIGRATIONS lists every migration file, oldest first, as TypeORM runs them (timestamp order). */
describe('migration order', () => {
  it('lists every migration, each newer than the one before', () => {
    expect(migrationOrderProblems(MIGRATIONS)).toEqual([]);
  });

  it('names a migration older than the one before it, and says to use npm run migration:create', () => {
    // The guide's example copied with a timestamp older than the newest migrations: named, with what to do.
    class TeamNotes1764000000000 {}
    const folder = [...readdirSync(new URL('.', import.meta.url)), '1764000000000-team-notes.ts'];
    const newest = MIGRATIONS.at(-1)!.name.slice(-13);
    expect(migrationOrderProblems([...MIGRATIONS, TeamNotes1764000000000], folder)).toEqual([
      expect.stringContaining(`src/database/migrations/1764000000000-team-notes.ts (TeamNotes1764000000000) is listed after ${newest}-`),
    ]);
    expect(migrationOrderProblems([...MIGRATIONS, TeamNotes1764000000000])).toEqual([
      expect.stringMatching(/^TeamNotes1764000000000: its name does not end in the timestamp of a file/),
    ]);
    const [first, second, ...rest] = MIGRATIONS;
    expect(migrationOrderProblems([second!, first!, ...rest])).toEqual([
      expect.stringMatching(
        /^src\/database\/migrations\/1763800000000-core-schema\.ts \(CoreSchema1763800000000\) is listed after 1763800001000-awards-schema\.ts but is not newer: .*`npm run migration:create <Name>`/,
      ),
    ]);
    expect(migrationOrderProblems(MIGRATIONS.slice(0, -1))).toEqual([
      expect.stringMatching(/^src\/database\/migrations\/\d{13}-[a-z-]+\.ts is not in MIGRATIONS \(index\.ts\), so it never runs\./),
    ]);
  });
});
