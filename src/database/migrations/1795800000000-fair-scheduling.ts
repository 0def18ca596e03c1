import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql, serialColumn, textColumn, timestampColumn } from './column-types.js';

/**
 * Fair scheduling between apps (docs/api.md#isolation-between-apps):
 * - `deliveries` is the scheduler of record: a pending row is due
 *   (`next_attempt_at`) and either waiting (`enqueued_at` null) or admitted
 *   to the transport (`enqueued_at` set). The index
 *   `(status, enqueued_at, app_id, next_attempt_at)` answers the scheduler's
 *   three reads (admitted per app, the apps with waiting work and their
 *   earliest due time, one app's due rows in order) from the index alone; it
 *   replaces `(status, enqueued_at)`, its prefix. The embedded runner's
 *   `lease_until` is gone: an admission is the claim in both modes.
 * - `callbacks.rate_limit`: attempts per second, or null for none.
 * - `delivery_recoveries`: one row per `recover`, written in its request's
 *   transaction; any process advances it batch by batch (`after_id`).
 *
 * Columns and indexes are changed with plain SQL on both backends: TypeORM's
 * SQLite path would rebuild the tables and drop their triggers.
 */
export class FairScheduling1795800000000 implements MigrationInterface {
  name = 'FairScheduling1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX idx_deliveries_schedule ON deliveries (status, enqueued_at, app_id, next_attempt_at)');
    await queryRunner.query(dropIndex(queryRunner, 'idx_deliveries_status_enqueued'));
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN lease_until');
    await queryRunner.query(`ALTER TABLE callbacks ADD COLUMN rate_limit ${isMysql(queryRunner) ? 'INT' : 'INTEGER'} NULL`);
    await queryRunner.createTable(
      new Table({
        name: 'delivery_recoveries',
        columns: [
          serialColumn(),
          { name: 'app_id', type: 'integer' },
          textColumn('event', 64),
          timestampColumn('since'),
          { name: 'max_id', type: 'integer' },
          { name: 'after_id', type: 'integer', default: 0 },
          { name: 'deliveries', type: 'integer' },
          timestampColumn('created_at'),
          timestampColumn('finished_at', { isNullable: true }),
        ],
        indices: [{ name: 'idx_delivery_recoveries_open', columnNames: ['finished_at', 'id'] }],
        foreignKeys: [
          {
            name: 'fk_delivery_recoveries_app',
            columnNames: ['app_id'],
            referencedTableName: 'apps',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('delivery_recoveries');
    await queryRunner.query('ALTER TABLE callbacks DROP COLUMN rate_limit');
    await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN lease_until ${isMysql(queryRunner) ? 'DOUBLE' : 'DOUBLE PRECISION'} NULL`);
    await queryRunner.query('CREATE INDEX idx_deliveries_status_enqueued ON deliveries (status, enqueued_at)');
    await queryRunner.query(dropIndex(queryRunner, 'idx_deliveries_schedule'));
  }
}

/** `DROP INDEX` of `deliveries`'s index `name` in the backend's dialect. */
function dropIndex(queryRunner: QueryRunner, name: string): string {
  return isMysql(queryRunner) ? `DROP INDEX ${name} ON deliveries` : `DROP INDEX ${name}`;
}
