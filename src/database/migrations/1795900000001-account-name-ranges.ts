import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql, nameColumn } from './column-types.js';

const TRIGGERS = ['trg_accounts_ranges_insert', 'trg_accounts_ranges_delete', 'trg_accounts_ranges_update'];

/**
 * On MySQL/MariaDB, the account name ranges: the order of `accounts` by
 * `(name, id)` cut into consecutive ranges of names, each counted, so a deep
 * page of the unfiltered search (docs/api.md#pagination) starts from the
 * range holding its first row instead of reading every index entry before it
 * (read-model/account-search/account-name-ranges.ts).
 *
 * - `account_name_ranges (boundary, accounts)`: a range holds the names from
 *   its `boundary` (compared in the names' own collation) up to the next
 *   range's; the range `''` is the first and holds every name before the
 *   second, whatever it sorts after. Kept exact by triggers in the same
 *   statement as every insert, delete and rename, whatever code path or tool
 *   writes; the API process adds boundaries as ranges grow.
 * - `account_name_range_gate`: one row. Each trigger share-locks it before it
 *   picks its range (a locking read, so it sees every boundary committed);
 *   adding boundaries locks it exclusively, so it runs only between writes.
 *
 * Starts with the one range `''` holding every existing account; the first
 * pass of the API cuts it. Embedded SQLite keeps `OFFSET` (no table).
 */
export class AccountNameRanges1795900000001 implements MigrationInterface {
  name = 'AccountNameRanges1795900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    await queryRunner.createTable(
      new Table({
        name: 'account_name_ranges',
        columns: [
          { ...nameColumn(queryRunner, 'boundary'), isPrimary: true },
          { name: 'accounts', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({ name: 'account_name_range_gate', columns: [{ name: 'id', type: 'smallint', isPrimary: true }] }),
    );
    await queryRunner.query('INSERT INTO account_name_range_gate (id) VALUES (1)');
    await queryRunner.query(`INSERT INTO account_name_ranges (boundary, accounts) SELECT '', COUNT(*) FROM accounts`);
    for (const statement of triggers()) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await queryRunner.dropTable('account_name_range_gate');
    await queryRunner.dropTable('account_name_ranges');
  }
}

/** Declarations of a trigger body: the gate, the ranges picked, and the first range when no boundary is below a name. */
const DECLARE = `DECLARE gate SMALLINT;
         DECLARE old_range VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT '';
         DECLARE new_range VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT '';
         DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END`;

const GATE = 'SELECT id INTO gate FROM account_name_range_gate WHERE id = 1 LOCK IN SHARE MODE';

/** Picks (and locks) the range of `name` into `variable`; left at `''` when no boundary is at or below it. */
function pick(variable: string, name: string): string {
  return `SELECT boundary INTO ${variable} FROM account_name_ranges WHERE boundary <= ${name} ORDER BY boundary DESC LIMIT 1 FOR UPDATE`;
}

function triggers(): string[] {
  return [
    `CREATE TRIGGER trg_accounts_ranges_insert AFTER INSERT ON accounts FOR EACH ROW
       BEGIN
         ${DECLARE};
         ${GATE};
         ${pick('new_range', 'NEW.name')};
         UPDATE account_name_ranges SET accounts = accounts + 1 WHERE boundary = new_range;
       END`,
    `CREATE TRIGGER trg_accounts_ranges_delete AFTER DELETE ON accounts FOR EACH ROW
       BEGIN
         ${DECLARE};
         ${GATE};
         ${pick('old_range', 'OLD.name')};
         UPDATE account_name_ranges SET accounts = accounts - 1 WHERE boundary = old_range;
       END`,
    // The two ranges are locked in name order, so two renames never wait on each other crosswise.
    `CREATE TRIGGER trg_accounts_ranges_update AFTER UPDATE ON accounts FOR EACH ROW
       BEGIN
         ${DECLARE};
         IF OLD.name <> NEW.name THEN
           ${GATE};
           IF OLD.name < NEW.name THEN
             ${pick('old_range', 'OLD.name')};
             ${pick('new_range', 'NEW.name')};
           ELSE
             ${pick('new_range', 'NEW.name')};
             ${pick('old_range', 'OLD.name')};
           END IF;
           IF old_range <> new_range THEN
             UPDATE account_name_ranges SET accounts = accounts + (CASE WHEN boundary = new_range THEN 1 ELSE -1 END)
              WHERE boundary IN (old_range, new_range);
           END IF;
         END IF;
       END`,
  ];
}
