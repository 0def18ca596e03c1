import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

import { isMysql } from './column-types.js';

const TRIGGER = 'trg_deliveries_attempt_log';

/**
 * SQLite adds and drops these columns in place (`ALTER TABLE`): TypeORM's
 * `addColumns` would copy the table into a new one and lose its triggers (the
 * delivery counts').
 */
const SQLITE_COLUMNS = ['last_duration_ms integer NULL', 'last_response_body text NULL'];

/**
 * The attempt log (docs/api.md#delivery-log) written by the attempt's own outcome:
 * deliveries gain the last attempt's duration and answer excerpt, and a
 * trigger adds the `delivery_attempts` row whenever an `UPDATE` counts a new
 * attempt (`total_attempts` grows), from the columns it set. The worker's
 * outcome then takes one statement, not two, and its log row commits with
 * it. An outcome written again (a retried write) leaves the row as it is.
 */
export class AttemptLogTrigger1795700000003 implements MigrationInterface {
  name = 'AttemptLogTrigger1795700000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysql(queryRunner);
    if (mysql)
      await queryRunner.addColumns('deliveries', [
        new TableColumn({ name: 'last_duration_ms', type: 'integer', isNullable: true }),
        new TableColumn({ name: 'last_response_body', type: 'text', isNullable: true, charset: 'utf8mb4' }),
      ]);
    else for (const column of SQLITE_COLUMNS) await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN ${column}`);
    const insert = `${mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO delivery_attempts
         (delivery_id, attempt, at, duration_ms, response_status, error, response_body)
       VALUES (NEW.id, NEW.total_attempts, NEW.last_attempt_at - COALESCE(NEW.last_duration_ms, 0) / 1000.0,
               COALESCE(NEW.last_duration_ms, 0), NEW.last_status, NEW.last_error, NEW.last_response_body)`;
    await queryRunner.query(
      mysql
        ? `CREATE TRIGGER ${TRIGGER} AFTER UPDATE ON deliveries FOR EACH ROW
             BEGIN
               IF NEW.total_attempts > OLD.total_attempts THEN ${insert}; END IF;
             END`
        : `CREATE TRIGGER ${TRIGGER} AFTER UPDATE OF total_attempts ON deliveries
             WHEN NEW.total_attempts > OLD.total_attempts
             BEGIN ${insert}; END`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS ${TRIGGER}`);
    if (isMysql(queryRunner)) await queryRunner.dropColumns('deliveries', ['last_duration_ms', 'last_response_body']);
    else
      for (const column of ['last_duration_ms', 'last_response_body'])
        await queryRunner.query(`ALTER TABLE deliveries DROP COLUMN ${column}`);
  }
}
