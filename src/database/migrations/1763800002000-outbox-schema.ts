import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { serialColumn, textColumn, timestampColumn } from './column-types.js';

/**
 * Events and their delivery (docs/api.md#events): the transactional outbox, the
 * callbacks apps register, and one delivery per (event, callback).
 */
export class OutboxSchema1763800002000 implements MigrationInterface {
  name = 'OutboxSchema1763800002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'outbox_events',
        columns: [
          serialColumn(),
          textColumn('type', 64),
          { name: 'payload', type: 'text' },
          timestampColumn('created_at'),
          timestampColumn('dispatched_at', { isNullable: true }),
        ],
        indices: [{ name: 'idx_outbox_events_dispatched', columnNames: ['dispatched_at', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'callbacks',
        columns: [
          serialColumn(),
          { name: 'app_id', type: 'integer' },
          textColumn('event', 64),
          textColumn('url', 2048),
          textColumn('secret', 2048),
          timestampColumn('created_at'),
          timestampColumn('updated_at'),
        ],
        indices: [
          { name: 'uq_callbacks_app_event', columnNames: ['app_id', 'event'], isUnique: true },
          { name: 'idx_callbacks_event', columnNames: ['event'] },
        ],
        foreignKeys: [
          {
            name: 'fk_callbacks_app',
            columnNames: ['app_id'],
            referencedTableName: 'apps',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'deliveries',
        columns: [
          serialColumn(),
          { name: 'event_id', type: 'integer' },
          { name: 'callback_id', type: 'integer', isNullable: true },
          { name: 'app_id', type: 'integer' },
          textColumn('webhook_id', 64),
          textColumn('status', 16),
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'round', type: 'integer', default: 0 },
          { name: 'last_status', type: 'integer', isNullable: true },
          textColumn('last_error', 1024, { isNullable: true }),
          timestampColumn('next_attempt_at', { isNullable: true }),
          timestampColumn('lease_until', { isNullable: true }),
          timestampColumn('enqueued_at', { isNullable: true }),
          timestampColumn('last_attempt_at', { isNullable: true }),
          timestampColumn('created_at'),
          timestampColumn('updated_at'),
        ],
        indices: [
          { name: 'uq_deliveries_event_callback', columnNames: ['event_id', 'callback_id'], isUnique: true },
          { name: 'idx_deliveries_status_due', columnNames: ['status', 'next_attempt_at'] },
          { name: 'idx_deliveries_status_enqueued', columnNames: ['status', 'enqueued_at'] },
          { name: 'idx_deliveries_callback', columnNames: ['callback_id'] },
          { name: 'idx_deliveries_app', columnNames: ['app_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_deliveries_event',
            columnNames: ['event_id'],
            referencedTableName: 'outbox_events',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_deliveries_callback',
            columnNames: ['callback_id'],
            referencedTableName: 'callbacks',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
          {
            name: 'fk_deliveries_app',
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
    await queryRunner.dropTable('deliveries');
    await queryRunner.dropTable('callbacks');
    await queryRunner.dropTable('outbox_events');
  }
}
