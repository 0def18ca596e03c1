import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql } from './column-types.js';

const TRIGGERS = [
  'trg_accounts_count_insert',
  'trg_accounts_count_delete',
  'trg_accounts_count_update',
  'trg_teams_count_insert',
  'trg_teams_count_delete',
];

/**
 * Maintained account counts: one row per team (`team_key` = team id)
 * plus `team_key` 0 for accounts without a team, kept exact by triggers in the
 * same transaction as every write, whatever code path or tool writes. Team
 * objects read `member_count` from here and account search reads its total
 * here, so neither counts rows at request time (cost flat as data grows).
 *
 * MariaDB runs no trigger for foreign-key actions, so deleting a team moves
 * its count to the "no team" row itself; SQLite runs the accounts trigger for
 * the `ON DELETE SET NULL` action instead.
 */
export class AccountCounts1763800006000 implements MigrationInterface {
  name = 'AccountCounts1763800006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'account_counts',
        columns: [
          { name: 'team_key', type: 'integer', isPrimary: true },
          { name: 'accounts', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO account_counts (team_key, accounts) SELECT id, 0 FROM teams');
    await queryRunner.query('INSERT INTO account_counts (team_key, accounts) VALUES (0, 0)');
    await queryRunner.query(
      'UPDATE account_counts SET accounts = (SELECT COUNT(*) FROM accounts WHERE COALESCE(accounts.team_id, 0) = account_counts.team_key)',
    );
    const statements = isMysql(queryRunner) ? mysqlTriggers() : sqliteTriggers();
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await queryRunner.dropTable('account_counts');
  }
}

const NEW_KEY = 'COALESCE(NEW.team_id, 0)';
const OLD_KEY = 'COALESCE(OLD.team_id, 0)';
/** Both rows of a team change in one statement: rows are locked in key order, so concurrent moves cannot deadlock. */
const MOVE = `UPDATE account_counts SET accounts = accounts + (CASE WHEN team_key = ${NEW_KEY} THEN 1 ELSE -1 END) WHERE team_key IN (${OLD_KEY}, ${NEW_KEY})`;

function mysqlTriggers(): string[] {
  return [
    `CREATE TRIGGER trg_accounts_count_insert AFTER INSERT ON accounts FOR EACH ROW
       UPDATE account_counts SET accounts = accounts + 1 WHERE team_key = ${NEW_KEY}`,
    `CREATE TRIGGER trg_accounts_count_delete AFTER DELETE ON accounts FOR EACH ROW
       UPDATE account_counts SET accounts = accounts - 1 WHERE team_key = ${OLD_KEY}`,
    `CREATE TRIGGER trg_accounts_count_update AFTER UPDATE ON accounts FOR EACH ROW
       BEGIN
         IF NOT (OLD.team_id <=> NEW.team_id) THEN ${MOVE}; END IF;
       END`,
    `CREATE TRIGGER trg_teams_count_insert AFTER INSERT ON teams FOR EACH ROW
       INSERT INTO account_counts (team_key, accounts) VALUES (NEW.id, 0)`,
    `CREATE TRIGGER trg_teams_count_delete AFTER DELETE ON teams FOR EACH ROW
       BEGIN
         DECLARE members INT DEFAULT 0;
         SELECT accounts INTO members FROM account_counts WHERE team_key = OLD.id FOR UPDATE;
         UPDATE account_counts SET accounts = accounts + members WHERE team_key = 0;
         DELETE FROM account_counts WHERE team_key = OLD.id;
       END`,
  ];
}

function sqliteTriggers(): string[] {
  return [
    `CREATE TRIGGER trg_accounts_count_insert AFTER INSERT ON accounts
       BEGIN UPDATE account_counts SET accounts = accounts + 1 WHERE team_key = ${NEW_KEY}; END`,
    `CREATE TRIGGER trg_accounts_count_delete AFTER DELETE ON accounts
       BEGIN UPDATE account_counts SET accounts = accounts - 1 WHERE team_key = ${OLD_KEY}; END`,
    `CREATE TRIGGER trg_accounts_count_update AFTER UPDATE OF team_id ON accounts WHEN OLD.team_id IS NOT NEW.team_id
       BEGIN ${MOVE}; END`,
    `CREATE TRIGGER trg_teams_count_insert AFTER INSERT ON teams
       BEGIN INSERT INTO account_counts (team_key, accounts) VALUES (NEW.id, 0); END`,
    `CREATE TRIGGER trg_teams_count_delete AFTER DELETE ON teams
       BEGIN DELETE FROM account_counts WHERE team_key = OLD.id; END`,
  ];
}
