import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { bigramSql, gramsOfSql, SHARD, unigramSql } from './1763800007000-account-name-grams.js';
import { isMysql, nameColumn } from './column-types.js';

const TRIGGERS = ['trg_teams_grams_insert', 'trg_teams_grams_update', 'trg_teams_grams_delete'];

/** Binary equality of a stored name copy with the written name (a case-only rename still changes the copy). */
const CURRENT = 'g.name COLLATE utf8mb4_bin = NEW.name COLLATE utf8mb4_bin';

/** Trigger statement storing the grams of NEW.name for team NEW.id: new grams with `added` = 1, kept ones get the new copy. */
const STORE_GRAMS =
  `INSERT INTO team_name_grams (team_id, gram, name, added) SELECT NEW.id, n.gram, NEW.name, 1 FROM (${gramsOfSql('NEW.name')}) n ` +
  'ORDER BY n.gram ON DUPLICATE KEY UPDATE name = NEW.name, added = 0';

/** Trigger statement moving the counters of a team's grams by `delta` (an SQL expression over `g`), in gram order. */
function countGrams(team: string, delta: string, where: string): string {
  return (
    `INSERT INTO team_name_gram_counts (gram, shard, teams) SELECT g.gram, ${SHARD}, ${delta} FROM team_name_grams g ` +
    `WHERE g.team_id = ${team}${where} ORDER BY g.gram ON DUPLICATE KEY UPDATE teams = teams + VALUES(teams)`
  );
}

function triggers(): string[] {
  return [
    `CREATE TRIGGER trg_teams_grams_insert AFTER INSERT ON teams FOR EACH ROW
       BEGIN ${STORE_GRAMS}; ${countGrams('NEW.id', '1', '')}; END`,
    `CREATE TRIGGER trg_teams_grams_update AFTER UPDATE ON teams FOR EACH ROW
       BEGIN
         IF NOT (OLD.name COLLATE utf8mb4_bin <=> NEW.name COLLATE utf8mb4_bin) THEN
           ${STORE_GRAMS};
           ${countGrams('NEW.id', `IF(${CURRENT}, 1, -1)`, ` AND (g.added = 1 OR NOT (${CURRENT}))`)};
           DELETE g FROM team_name_grams g WHERE g.team_id = NEW.id AND NOT (${CURRENT});
         END IF;
       END`,
    `CREATE TRIGGER trg_teams_grams_delete AFTER DELETE ON teams FOR EACH ROW
       BEGIN ${countGrams('OLD.id', '-1', '')}; DELETE FROM team_name_grams WHERE team_id = OLD.id; END`,
  ];
}

/**
 * On MySQL/MariaDB, the n-gram index of team names, as `AccountNameGrams1763800007000` built it for
 * accounts (the same keys, see `read-model/account-search/name-grams.ts`): `team_name_grams (team_id,
 * gram, name)` indexed `(gram, name)` for the page order, and `team_name_gram_counts (gram, shard,
 * teams)`, the number of teams per gram in a row per connection slot. Filled from the existing teams and
 * kept by triggers on `teams` in the statement of every write, so that `GET /teams/search?q=` reads a
 * gram's teams instead of matching every name with `LIKE`. Embedded SQLite keeps its `LIKE` scan.
 */
export class TeamNameGrams1795900000004 implements MigrationInterface {
  name = 'TeamNameGrams1795900000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    await queryRunner.createTable(
      new Table({
        name: 'team_name_grams',
        columns: [
          { name: 'team_id', type: 'integer', isPrimary: true },
          { name: 'gram', type: 'varchar', length: '255', charset: 'ascii', collation: 'ascii_bin', isPrimary: true },
          nameColumn(queryRunner, 'name'),
          // 1 on the grams the latest write of the name added (its trigger counts them).
          { name: 'added', type: 'smallint', default: 0 },
        ],
        indices: [{ name: 'idx_team_name_grams_gram', columnNames: ['gram', 'name'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'team_name_gram_counts',
        columns: [
          { name: 'gram', type: 'varchar', length: '255', charset: 'ascii', collation: 'ascii_bin', isPrimary: true },
          { name: 'shard', type: 'smallint', isPrimary: true },
          { name: 'teams', type: 'integer', default: 0 },
        ],
      }),
    );
    // The existing teams, then the triggers, in one go: teams are written seldom, and a migration runs before the API.
    await queryRunner.query(
      `INSERT INTO team_name_grams (team_id, gram, name) ` +
        `SELECT t.id, ${unigramSql('t.name', 'p.n')}, t.name FROM teams t INNER JOIN numbers p ON p.n <= CHAR_LENGTH(t.name) ` +
        `UNION SELECT t.id, ${bigramSql('t.name', 'p.n')}, t.name FROM teams t INNER JOIN numbers p ON p.n < CHAR_LENGTH(t.name)`,
    );
    await queryRunner.query(
      'INSERT INTO team_name_gram_counts (gram, shard, teams) SELECT gram, 0, COUNT(*) FROM team_name_grams GROUP BY gram',
    );
    for (const statement of triggers()) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await queryRunner.dropTable('team_name_gram_counts');
    await queryRunner.dropTable('team_name_grams');
  }
}
