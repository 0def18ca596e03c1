import type { MigrationInterface, QueryRunner } from 'typeorm';

import { CURRENT, dropGrams, SHARD, storeGrams } from './1763800007000-account-name-grams.js';
import { isMysql } from './column-types.js';

/** Runs right after the team counts' update trigger and before the name ranges', as the trigger it replaces did. */
const POSITION = 'PRECEDES trg_accounts_ranges_update';

/** A rename's trigger, its name grams written by `statements` when the name changed (binary comparison). */
function updateTrigger(statements: string[]): string {
  return `CREATE TRIGGER trg_accounts_grams_update AFTER UPDATE ON accounts FOR EACH ROW ${POSITION}
       BEGIN
         IF NOT (OLD.name COLLATE utf8mb4_bin <=> NEW.name COLLATE utf8mb4_bin) THEN
           ${statements.join('; ')};
         END IF;
       END`;
}

/**
 * On MySQL/MariaDB, a rename moves its name grams' counters
 * (`name_gram_counts`, migration `AccountNameGrams1763800007000`) in one
 * statement, in gram order: `+1` for the grams the new name adds and `-1` for
 * those it loses. Before, the `+1` and the `-1` were two statements, each in
 * gram order, so two renames writing the same counter slot (connection id
 * modulo 16) could take two counters in opposite orders and deadlock. The
 * grams, their sort copies of the name and every count stay as they were.
 * Embedded SQLite has no name grams.
 */
export class OrderedGramCounts1795900000002 implements MigrationInterface {
  name = 'OrderedGramCounts1795900000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    const [insertGrams] = storeGrams();
    const [, deleteLost] = dropGrams('NEW.id', false);
    await queryRunner.query('DROP TRIGGER IF EXISTS trg_accounts_grams_update');
    await queryRunner.query(
      updateTrigger([
        insertGrams,
        // A gram whose copy holds the new name was added (`added` = 1) or kept; any other copy is a gram the name lost.
        `INSERT INTO name_gram_counts (gram, shard, accounts) SELECT g.gram, ${SHARD}, IF(${CURRENT}, 1, -1) FROM account_name_grams g ` +
          `WHERE g.account_id = NEW.id AND (g.added = 1 OR NOT (${CURRENT})) ORDER BY g.gram ` +
          'ON DUPLICATE KEY UPDATE accounts = accounts + VALUES(accounts)',
        deleteLost,
      ]),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    await queryRunner.query('DROP TRIGGER IF EXISTS trg_accounts_grams_update');
    await queryRunner.query(updateTrigger([...storeGrams(), ...dropGrams('NEW.id', false)]));
  }
}
