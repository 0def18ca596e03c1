import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql, textColumn } from './column-types.js';

/** The tables whose whole row count is kept, each with its insert and delete triggers. */
const COUNTED = ['accounts', 'teams'] as const;

const TRIGGERS = COUNTED.flatMap((table) => [`trg_${table}_total_insert`, `trg_${table}_total_delete`]);

/**
 * Maintained totals: how many rows `accounts` and `teams` hold, so the
 * `results` of an unfiltered search (docs/api.md#pagination) reads a few rows
 * whatever the number of teams, instead of summing `account_counts` (a row
 * per team) or counting `teams`. Kept exact by triggers in the same statement
 * as every insert and delete, whatever code path or tool writes.
 *
 * A total is the sum of its `slot` rows. On MySQL/MariaDB each connection
 * writes the slot `CONNECTION_ID() % 16`, so concurrent sign-ups update
 * different rows instead of queueing on one; a slot alone may go below zero.
 * SQLite has one writer at a time: everything goes to slot 0.
 *
 * MariaDB runs no trigger for foreign-key actions; no foreign key deletes
 * accounts or teams, so both totals see every delete.
 */
export class TableTotals1795900000000 implements MigrationInterface {
  name = 'TableTotals1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'table_totals',
        columns: [
          { ...textColumn('counted', 32), isPrimary: true },
          { name: 'slot', type: 'integer', isPrimary: true },
          { name: 'total', type: 'integer', default: 0 },
        ],
      }),
    );
    const mysql = isMysql(queryRunner);
    for (const table of COUNTED) {
      // table-ownership: accounts, teams
      await queryRunner.query(`INSERT INTO table_totals (counted, slot, total) SELECT '${table}', 0, COUNT(*) FROM ${table}`);
      for (const [event, delta] of [
        ['insert', 1],
        ['delete', -1],
      ] as const) {
        const add = mysql ? mysqlAdd(table, delta) : sqliteAdd(table, delta);
        const body = mysql ? `FOR EACH ROW ${add}` : `BEGIN ${add}; END`;
        await queryRunner.query(`CREATE TRIGGER trg_${table}_total_${event} AFTER ${event.toUpperCase()} ON ${table} ${body}`);
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await queryRunner.dropTable('table_totals');
  }
}

/** Adds `delta` to `table`'s total in this connection's slot (MySQL/MariaDB). */
function mysqlAdd(table: string, delta: 1 | -1): string {
  return (
    `INSERT INTO table_totals (counted, slot, total) VALUES ('${table}', CONNECTION_ID() % 16, ${delta}) ` +
    `ON DUPLICATE KEY UPDATE total = total + (${delta})`
  );
}

/** Adds `delta` to `table`'s total in slot 0, which the migration created (SQLite). */
function sqliteAdd(table: string, delta: 1 | -1): string {
  return `UPDATE table_totals SET total = total + (${delta}) WHERE counted = '${table}' AND slot = 0`;
}
