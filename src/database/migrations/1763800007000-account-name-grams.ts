import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { accountIdColumn, isMysql, nameColumn } from './column-types.js';

// The n-gram keys as this migration created them, copied here so that the migration does the same on a
// fresh database whatever later code does: never edit them. The search computes the same keys in
// read-model/account-search/name-grams.ts; a change of key there needs a new migration that replaces the triggers and
// rebuilds the grams. Later migrations that replace a trigger or index other names import these (1795900000002,
// 1795900000004).

/** Rows of `name_gram_counts` per gram (connection id modulo this). */
const GRAM_COUNT_SHARDS = 16;

/** Rows of `numbers`: 1..255, the longest name. */
const MAX_NAME_LENGTH = 255;

/** SQL: whether a one-character utf8mb4 expression has no weight of its own (supplementary, or a CJK unified ideograph). */
function weightlessSql(character: string): string {
  const binary = `${character} COLLATE utf8mb4_bin`;
  return (
    `LENGTH(${character}) = 4 OR ${binary} BETWEEN _utf8mb4 X'E39080' AND _utf8mb4 X'E4B6BF' ` +
    `OR ${binary} BETWEEN _utf8mb4 X'E4B880' AND _utf8mb4 X'E9BFBF'`
  );
}

/** SQL: the key of a one-character expression: `u` + its UTF-8 hex when weightless, else the hex of its weights. */
function characterKeySql(character: string): string {
  return `IF(${weightlessSql(character)}, CONCAT('u', HEX(${character})), HEX(WEIGHT_STRING(${character} COLLATE utf8mb4_unicode_ci)))`;
}

/** SQL: the gram of the one character at `position` (1-based) of `text`. */
export function unigramSql(text: string, position: string): string {
  return characterKeySql(`SUBSTRING(${text}, ${position}, 1)`);
}

/** SQL: the bigram starting at `position` of `text`. */
export function bigramSql(text: string, position: string): string {
  return `CONCAT(${unigramSql(text, position)}, '.', ${unigramSql(text, `${position} + 1`)})`;
}

/** SQL: a query listing the distinct grams (column `gram`) of the string expression `text`. */
export function gramsOfSql(text: string): string {
  return (
    `SELECT ${unigramSql(text, 'p.n')} AS gram FROM numbers p WHERE p.n <= CHAR_LENGTH(${text}) ` +
    `UNION SELECT ${bigramSql(text, 'p.n')} FROM numbers p WHERE p.n < CHAR_LENGTH(${text})`
  );
}

const TRIGGERS = ['trg_accounts_grams_insert', 'trg_accounts_grams_update', 'trg_accounts_grams_delete'];

/** The connection's counter row of a gram (see `GRAM_COUNT_SHARDS`). */
export const SHARD = `CONNECTION_ID() % ${GRAM_COUNT_SHARDS}`;

/** Binary equality of a stored name copy with the written name (a case-only rename still changes the copy). */
export const CURRENT = 'g.name COLLATE utf8mb4_bin = NEW.name COLLATE utf8mb4_bin';

/**
 * Trigger statements storing the grams of NEW.name for account NEW.id, the
 * grams computed once: each is inserted with `added` = 1, or, already stored,
 * gets the new name copy and `added` = 0. Rows still holding another name are
 * the grams the name lost. Counters then move by set, not by row.
 */
export function storeGrams(): string[] {
  return [
    `INSERT INTO account_name_grams (account_id, gram, name, added) SELECT NEW.id, n.gram, NEW.name, 1 FROM (${gramsOfSql('NEW.name')}) n ` +
      'ORDER BY n.gram ON DUPLICATE KEY UPDATE name = NEW.name, added = 0',
    `INSERT INTO name_gram_counts (gram, shard, accounts) SELECT g.gram, ${SHARD}, 1 FROM account_name_grams g ` +
      `WHERE g.account_id = NEW.id AND g.added = 1 AND ${CURRENT} ORDER BY g.gram ON DUPLICATE KEY UPDATE accounts = accounts + 1`,
  ];
}

/** Trigger statements dropping the grams of account `account` whose name copy is not NEW.name (all of them when `all`). */
export function dropGrams(account: string, all: boolean): string[] {
  const stale = all ? '' : ` AND NOT (${CURRENT})`;
  return [
    `INSERT INTO name_gram_counts (gram, shard, accounts) SELECT g.gram, ${SHARD}, -1 FROM account_name_grams g ` +
      `WHERE g.account_id = ${account}${stale} ORDER BY g.gram ON DUPLICATE KEY UPDATE accounts = accounts - 1`,
    `DELETE g FROM account_name_grams g WHERE g.account_id = ${account}${stale}`,
  ];
}

/**
 * On both backends, `numbers (n)`: the integers 1..255, a tally
 * table that splits a name into characters and lets one SELECT list an
 * account with its awards and its team's awards (read-model/account-row.ts).
 *
 * On MySQL/MariaDB, the n-gram index of account names (see
 * `read-model/account-search/name-grams.ts`): tables `account_name_grams` and
 * `name_gram_counts`, filled from the existing accounts and kept by triggers
 * in the same statement as every write to `accounts`, whatever code path or
 * tool writes. A rename touches only the grams it changes, plus the sort copy
 * of the name. Embedded SQLite has no collation weights to key grams by;
 * there account search keeps its `LIKE` scan.
 */
export class AccountNameGrams1763800007000 implements MigrationInterface {
  name = 'AccountNameGrams1763800007000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(new Table({ name: 'numbers', columns: [{ name: 'n', type: 'smallint', isPrimary: true }] }));
    const numbers = Array.from({ length: MAX_NAME_LENGTH }, (_, index) => `(${index + 1})`).join(', ');
    await queryRunner.query(`INSERT INTO numbers (n) VALUES ${numbers}`);
    if (!isMysql(queryRunner)) return;
    await queryRunner.createTable(
      new Table({
        name: 'account_name_grams',
        columns: [
          accountIdColumn(queryRunner, 'account_id', { isPrimary: true }),
          { name: 'gram', type: 'varchar', length: '255', charset: 'ascii', collation: 'ascii_bin', isPrimary: true },
          nameColumn(queryRunner, 'name'),
          // 1 on the grams the latest write of the name added (its trigger counts them).
          { name: 'added', type: 'smallint', default: 0 },
        ],
        indices: [{ name: 'idx_account_name_grams_gram', columnNames: ['gram', 'name'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'name_gram_counts',
        columns: [
          { name: 'gram', type: 'varchar', length: '255', charset: 'ascii', collation: 'ascii_bin', isPrimary: true },
          { name: 'shard', type: 'smallint', isPrimary: true },
          { name: 'accounts', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO account_name_grams (account_id, gram, name) ` +
        `SELECT a.id, ${unigramSql('a.name', 'p.n')}, a.name FROM accounts a INNER JOIN numbers p ON p.n <= CHAR_LENGTH(a.name) ` +
        `UNION SELECT a.id, ${bigramSql('a.name', 'p.n')}, a.name FROM accounts a INNER JOIN numbers p ON p.n < CHAR_LENGTH(a.name)`,
    );
    await queryRunner.query(
      'INSERT INTO name_gram_counts (gram, shard, accounts) SELECT gram, 0, COUNT(*) FROM account_name_grams GROUP BY gram',
    );
    for (const statement of triggers()) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
      await queryRunner.dropTable('name_gram_counts');
      await queryRunner.dropTable('account_name_grams');
    }
    await queryRunner.dropTable('numbers');
  }
}

function triggers(): string[] {
  return [
    `CREATE TRIGGER trg_accounts_grams_insert AFTER INSERT ON accounts FOR EACH ROW BEGIN ${storeGrams().join('; ')}; END`,
    `CREATE TRIGGER trg_accounts_grams_update AFTER UPDATE ON accounts FOR EACH ROW
       BEGIN
         IF NOT (OLD.name COLLATE utf8mb4_bin <=> NEW.name COLLATE utf8mb4_bin) THEN
           ${[...storeGrams(), ...dropGrams('NEW.id', false)].join('; ')};
         END IF;
       END`,
    `CREATE TRIGGER trg_accounts_grams_delete AFTER DELETE ON accounts FOR EACH ROW BEGIN ${dropGrams('OLD.id', true).join('; ')}; END`,
  ];
}
