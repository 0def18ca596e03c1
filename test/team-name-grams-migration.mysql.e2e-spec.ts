import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { TeamNameGrams1795900000004 } from '../src/database/migrations/1795900000004-team-name-grams.js';
import { mysqlMigratedThrough } from './support/migration-database.js';
import { expectNameGramIndexConsistent, TEAM_NAME_GRAMS } from './support/name-gram-index.js';

/** Ids of the teams holding the gram of `q` (one ASCII character or two, keys computed by the database). */
async function holding(dataSource: DataSource, q: string): Promise<number[]> {
  const key = (character: string) => `HEX(WEIGHT_STRING(CAST('${character}' AS CHAR CHARACTER SET utf8mb4) COLLATE utf8mb4_unicode_ci))`;
  const gram = [...q].map(key).join(`, '.', `);
  const rows: { team_id: number }[] = await dataSource.query(
    `SELECT team_id FROM team_name_grams WHERE gram = CONCAT(${gram}) ORDER BY name, team_id`,
  );
  return rows.map((row) => Number(row.team_id));
}

/**
 * The migration that indexes team names by n-gram (`TeamNameGrams1795900000004`)
 * over a database already holding teams: it indexes and counts them, its
 * triggers keep the index through writes, and down removes it. The test
 * database's tables are dropped, and left migrated to the end.
 */
describe('TeamNameGrams migration on MySQL/MariaDB', () => {
  it('indexes the teams already there, keeps the index through writes, and down removes it', async () => {
    const after = await mysqlMigratedThrough(TeamNameGrams1795900000004, async (before) => {
      for (const [id, name] of [
        [1, 'Red Anchors'],
        [2, 'blue banner'],
        [3, 'Ánna'],
        [4, 'Green'],
      ] as const)
        await before.query('INSERT INTO teams (id, name, created_at) VALUES (?, ?, 1)', [id, name]);
    });
    try {
      await expectNameGramIndexConsistent(after, TEAM_NAME_GRAMS);
      expect(await holding(after, 'an')).toEqual([3, 2, 1]);
      expect(await holding(after, 'g')).toEqual([4]);

      await after.query(`UPDATE teams SET name = 'Gangway' WHERE id = 2`);
      await after.query(`INSERT INTO teams (id, name, created_at) VALUES (5, 'Ganymede', 1)`);
      await after.query('DELETE FROM teams WHERE id = 1');
      await expectNameGramIndexConsistent(after, TEAM_NAME_GRAMS);
      expect(await holding(after, 'an')).toEqual([3, 2, 5]);
      expect(await holding(after, 'g')).toEqual([2, 5, 4]);
      expect(await after.query(`SELECT COUNT(*) AS n FROM team_name_grams WHERE team_id = 1`)).toEqual([{ n: 0 }]);

      await after.undoLastMigration();
      expect(await after.query(`SHOW TABLES LIKE 'team_name_gram%'`)).toEqual([]);
      expect(await after.query(`SHOW TRIGGERS WHERE \`Trigger\` LIKE 'trg_teams_grams_%'`)).toEqual([]);
      await after.query(`INSERT INTO teams (id, name, created_at) VALUES (6, 'Orange', 1)`);
      await after.runMigrations();
      await expectNameGramIndexConsistent(after, TEAM_NAME_GRAMS);
      expect(await holding(after, 'an')).toEqual([3, 2, 5, 6]);
    } finally {
      await after.destroy();
    }
  });
});
