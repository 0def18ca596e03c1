import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

import { isMysql, textColumn, timestampColumn } from './column-types.js';

/**
 * The delivery log for apps (docs/api.md#delivery-log): deliveries gain the callback's
 * event type (for the app's list, indexed by app, event and creation), the URL
 * they were sent to and their attempts over every round; one
 * `delivery_attempts` row per attempt (deleted with its delivery); callbacks
 * gain their health (`disabled_at`, `failing_since`, `last_success_at`) and
 * the previous secret kept for the rotation grace. Existing deliveries are
 * filled in from their event and callback.
 */
export class DeliveryLog1795700000001 implements MigrationInterface {
  name = 'DeliveryLog1795700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('deliveries', [
      new TableColumn(textColumn('event', 64, { default: "''" })),
      new TableColumn(textColumn('url', 2048, { isNullable: true })),
      new TableColumn({ name: 'total_attempts', type: 'integer', default: 0 }),
    ]);
    await queryRunner.query(
      `UPDATE deliveries SET event = (SELECT e.type FROM outbox_events e WHERE e.id = deliveries.event_id),
              url = (SELECT c.url FROM callbacks c WHERE c.id = deliveries.callback_id),
              total_attempts = attempts`,
    );
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({ name: 'idx_deliveries_app_event_created', columnNames: ['app_id', 'event', 'created_at', 'id'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'delivery_attempts',
        columns: [
          { name: 'delivery_id', type: 'integer', isPrimary: true },
          { name: 'attempt', type: 'integer', isPrimary: true },
          timestampColumn('at'),
          { name: 'duration_ms', type: 'integer' },
          { name: 'response_status', type: 'integer', isNullable: true },
          textColumn('error', 1024, { isNullable: true }),
          { name: 'response_body', type: 'text', isNullable: true, ...(isMysql(queryRunner) ? { charset: 'utf8mb4' } : {}) },
        ],
        foreignKeys: [
          {
            name: 'fk_delivery_attempts_delivery',
            columnNames: ['delivery_id'],
            referencedTableName: 'deliveries',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.addColumns('callbacks', [
      new TableColumn(timestampColumn('disabled_at', { isNullable: true })),
      new TableColumn(timestampColumn('failing_since', { isNullable: true })),
      new TableColumn(timestampColumn('last_success_at', { isNullable: true })),
      new TableColumn(textColumn('previous_secret', 2048, { isNullable: true })),
      new TableColumn(timestampColumn('previous_secret_until', { isNullable: true })),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns('callbacks', [
      'disabled_at',
      'failing_since',
      'last_success_at',
      'previous_secret',
      'previous_secret_until',
    ]);
    await queryRunner.dropTable('delivery_attempts');
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_app_event_created');
    await queryRunner.dropColumns('deliveries', ['event', 'url', 'total_attempts']);
  }
}
