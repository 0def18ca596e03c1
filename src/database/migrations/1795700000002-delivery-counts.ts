import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql, textColumn } from './column-types.js';

const TRIGGERS = ['trg_deliveries_count_insert', 'trg_deliveries_count_delete', 'trg_deliveries_count_update'];

/**
 * Maintained delivery counts for the apps' delivery log (docs/api.md#delivery-log):
 * how many deliveries each app has per callback event type and status, so the
 * log's exact `results` (docs/api.md#pagination) reads a few rows instead of
 * the app's whole index range. Kept exact by triggers on `deliveries`, in the
 * same statement as every insert, status change and delete, whatever code
 * path or tool writes.
 *
 * A count is the sum of its `slot` rows. On MySQL/MariaDB each connection
 * writes the slot `CONNECTION_ID() % 16`, so concurrent outcomes (the worker
 * moving deliveries from `pending` to `succeeded`) update different rows
 * instead of queueing on one; a slot alone may go below zero. A status change
 * writes its two rows in key order, so two changes never wait on each other
 * crosswise. SQLite has one writer at a time: everything goes to slot 0.
 *
 * MariaDB runs no trigger for foreign-key actions: deleting an app deletes its
 * deliveries and its counts by cascade, which keeps them in step; deleting an
 * event or a callback never changes a delivery's status.
 */
export class DeliveryCounts1795700000002 implements MigrationInterface {
  name = 'DeliveryCounts1795700000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'delivery_counts',
        columns: [
          { name: 'app_id', type: 'integer', isPrimary: true },
          { ...textColumn('event', 64), isPrimary: true },
          { ...textColumn('status', 16), isPrimary: true },
          { name: 'slot', type: 'integer', isPrimary: true },
          { name: 'deliveries', type: 'integer', default: 0 },
        ],
        foreignKeys: [
          {
            name: 'fk_delivery_counts_app',
            columnNames: ['app_id'],
            referencedTableName: 'apps',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO delivery_counts (app_id, event, status, slot, deliveries)
       SELECT app_id, event, status, 0, COUNT(*) FROM deliveries GROUP BY app_id, event, status`,
    );
    const statements = isMysql(queryRunner) ? mysqlTriggers() : sqliteTriggers();
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await queryRunner.dropTable('delivery_counts');
  }
}

/** Adds `delta` to the count of `row` (`NEW` or `OLD`) in this connection's slot (MySQL/MariaDB). */
function mysqlAdd(row: 'NEW' | 'OLD', delta: 1 | -1): string {
  return `INSERT INTO delivery_counts (app_id, event, status, slot, deliveries)
            VALUES (${row}.app_id, ${row}.event, ${row}.status, CONNECTION_ID() % 16, ${delta})
            ON DUPLICATE KEY UPDATE deliveries = deliveries + (${delta})`;
}

function mysqlTriggers(): string[] {
  const oldKey = '(OLD.app_id, OLD.event, OLD.status)';
  const newKey = '(NEW.app_id, NEW.event, NEW.status)';
  return [
    `CREATE TRIGGER trg_deliveries_count_insert AFTER INSERT ON deliveries FOR EACH ROW ${mysqlAdd('NEW', 1)}`,
    `CREATE TRIGGER trg_deliveries_count_delete AFTER DELETE ON deliveries FOR EACH ROW ${mysqlAdd('OLD', -1)}`,
    // Rows in key order (the primary key's), so two status changes lock them in the same order.
    `CREATE TRIGGER trg_deliveries_count_update AFTER UPDATE ON deliveries FOR EACH ROW
       BEGIN
         IF ${oldKey} < ${newKey} THEN
           ${mysqlAdd('OLD', -1)};
           ${mysqlAdd('NEW', 1)};
         ELSEIF ${oldKey} > ${newKey} THEN
           ${mysqlAdd('NEW', 1)};
           ${mysqlAdd('OLD', -1)};
         END IF;
       END`,
  ];
}

const SQLITE_ADD_NEW = `INSERT INTO delivery_counts (app_id, event, status, slot, deliveries) VALUES (NEW.app_id, NEW.event, NEW.status, 0, 1)
         ON CONFLICT (app_id, event, status, slot) DO UPDATE SET deliveries = deliveries + 1`;
/** The row exists (its delivery was counted in it); an `UPDATE` also finds nothing once an app's cascade removed it. */
const SQLITE_REMOVE_OLD = `UPDATE delivery_counts SET deliveries = deliveries - 1
         WHERE app_id = OLD.app_id AND event = OLD.event AND status = OLD.status AND slot = 0`;

function sqliteTriggers(): string[] {
  return [
    `CREATE TRIGGER trg_deliveries_count_insert AFTER INSERT ON deliveries BEGIN ${SQLITE_ADD_NEW}; END`,
    `CREATE TRIGGER trg_deliveries_count_delete AFTER DELETE ON deliveries BEGIN ${SQLITE_REMOVE_OLD}; END`,
    `CREATE TRIGGER trg_deliveries_count_update AFTER UPDATE OF app_id, event, status ON deliveries
       WHEN OLD.app_id IS NOT NEW.app_id OR OLD.event IS NOT NEW.event OR OLD.status IS NOT NEW.status
       BEGIN ${SQLITE_REMOVE_OLD}; ${SQLITE_ADD_NEW}; END`,
  ];
}
