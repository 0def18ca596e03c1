import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql, nameColumn } from './column-types.js';

/** Counter rows per range: a writer adds to the row of its connection (connection id modulo 16), as the name grams' counters do. */
const SHARDS = 16;

const TRIGGERS = ['trg_accounts_ranges_insert', 'trg_accounts_ranges_delete', 'trg_accounts_ranges_update'];

/**
 * On MySQL/MariaDB, the count of each account name range (migration
 * `AccountNameRanges1795900000001`) moves from the one column
 * `account_name_ranges.accounts` to counter rows
 * `account_name_range_counts (boundary, shard, accounts)`, whose sum per
 * `boundary` is the range's count.
 *
 * Before, every insert, delete and rename locked its range's row exclusively
 * until it committed, so the writes into one range ran one at a time (new
 * accounts and renames with a common prefix all land in one range). Now a
 * trigger share-locks the range's boundary row (a locking read still sees
 * every boundary committed, and a cut, which takes the gate exclusively,
 * still runs only between writes) and adds to the counter row of its
 * connection, so only writers on the same connection slot wait on each
 * other. A rename writes its two counter rows in boundary order, so two
 * renames never take them crosswise. `account_name_ranges` keeps the
 * boundaries only.
 *
 * Each range's count is carried over into its counter row 0, after the new
 * triggers are in place (a write in between is counted in one of the two).
 * Embedded SQLite has no ranges.
 */
export class ShardedNameRangeCounts1795900000003 implements MigrationInterface {
  name = 'ShardedNameRangeCounts1795900000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    await queryRunner.createTable(
      new Table({
        name: 'account_name_range_counts',
        columns: [
          { ...nameColumn(queryRunner, 'boundary'), isPrimary: true },
          { name: 'shard', type: 'smallint', isPrimary: true },
          { name: 'accounts', type: 'integer', default: 0 },
        ],
      }),
    );
    await replaceTriggers(queryRunner, 'sharded');
    await queryRunner.query(
      'INSERT INTO account_name_range_counts (boundary, shard, accounts) SELECT boundary, 0, accounts FROM account_name_ranges ' +
        'ON DUPLICATE KEY UPDATE accounts = account_name_range_counts.accounts + VALUES(accounts)',
    );
    await queryRunner.query('ALTER TABLE account_name_ranges DROP COLUMN accounts');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) return;
    await queryRunner.query('ALTER TABLE account_name_ranges ADD COLUMN accounts integer NOT NULL DEFAULT 0');
    await replaceTriggers(queryRunner, 'single');
    await queryRunner.query(
      'UPDATE account_name_ranges r SET r.accounts = r.accounts + ' +
        '(SELECT COALESCE(SUM(c.accounts), 0) FROM account_name_range_counts c WHERE c.boundary = r.boundary)',
    );
    await queryRunner.dropTable('account_name_range_counts');
  }
}

/** Counts kept in counter rows per range (`sharded`, this migration) or in the ranges' own column (`single`, before). */
type Counting = 'sharded' | 'single';

async function replaceTriggers(queryRunner: QueryRunner, counting: Counting): Promise<void> {
  for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
  for (const statement of triggers(counting)) await queryRunner.query(statement);
}

/** Declarations of a trigger body: the gate, the ranges picked, and the first range when no boundary is below a name. */
const DECLARE = `DECLARE gate SMALLINT;
         DECLARE old_range VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT '';
         DECLARE new_range VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT '';
         DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END`;

const GATE = 'SELECT id INTO gate FROM account_name_range_gate WHERE id = 1 LOCK IN SHARE MODE';

/** Picks the range of `name` into `variable` (left at `''` when no boundary is at or below it), share-locked or exclusively. */
function pick(counting: Counting, variable: string, name: string): string {
  const lock = counting === 'sharded' ? 'LOCK IN SHARE MODE' : 'FOR UPDATE';
  return `SELECT boundary INTO ${variable} FROM account_name_ranges WHERE boundary <= ${name} ORDER BY boundary DESC LIMIT 1 ${lock}`;
}

/** Adds `delta` to the count of the range `range`. */
function count(counting: Counting, range: string, delta: string): string {
  return counting === 'sharded'
    ? `INSERT INTO account_name_range_counts (boundary, shard, accounts) VALUES (${range}, CONNECTION_ID() % ${SHARDS}, ${delta}) ` +
        'ON DUPLICATE KEY UPDATE accounts = accounts + VALUES(accounts)'
    : `UPDATE account_name_ranges SET accounts = accounts + ${delta} WHERE boundary = ${range}`;
}

/** A rename's move from `old_range` to `new_range` (different ranges), its rows written in boundary order. */
function move(counting: Counting): string {
  if (counting === 'single') {
    return `UPDATE account_name_ranges SET accounts = accounts + (CASE WHEN boundary = new_range THEN 1 ELSE -1 END)
              WHERE boundary IN (old_range, new_range)`;
  }
  const row = (range: string, delta: number) => `(${range}, CONNECTION_ID() % ${SHARDS}, ${delta})`;
  const insert = (rows: string[]) =>
    `INSERT INTO account_name_range_counts (boundary, shard, accounts) VALUES ${rows.join(', ')} ` +
    'ON DUPLICATE KEY UPDATE accounts = accounts + VALUES(accounts)';
  return `IF old_range < new_range THEN
               ${insert([row('old_range', -1), row('new_range', 1)])};
             ELSE
               ${insert([row('new_range', 1), row('old_range', -1)])};
             END IF`;
}

/** The trigger counting each account an `event` (`INSERT` or `DELETE`) adds or removes into its range, by `delta`. */
function countTrigger(counting: Counting, event: 'INSERT' | 'DELETE'): string {
  const [range, row, delta] = event === 'INSERT' ? ['new_range', 'NEW', '1'] : ['old_range', 'OLD', '-1'];
  return `CREATE TRIGGER trg_accounts_ranges_${event.toLowerCase()} AFTER ${event} ON accounts FOR EACH ROW
       BEGIN
         ${DECLARE};
         ${GATE};
         ${pick(counting, range, `${row}.name`)};
         ${count(counting, range, delta)};
       END`;
}

function triggers(counting: Counting): string[] {
  return [
    countTrigger(counting, 'INSERT'),
    countTrigger(counting, 'DELETE'),
    // Exclusive locks (`single`) are taken in name order, so two renames never wait on each other crosswise.
    `CREATE TRIGGER trg_accounts_ranges_update AFTER UPDATE ON accounts FOR EACH ROW
       BEGIN
         ${DECLARE};
         IF OLD.name <> NEW.name THEN
           ${GATE};
           IF OLD.name < NEW.name THEN
             ${pick(counting, 'old_range', 'OLD.name')};
             ${pick(counting, 'new_range', 'NEW.name')};
           ELSE
             ${pick(counting, 'new_range', 'NEW.name')};
             ${pick(counting, 'old_range', 'OLD.name')};
           END IF;
           IF old_range <> new_range THEN
             ${move(counting)};
           END IF;
         END IF;
       END`,
  ];
}
