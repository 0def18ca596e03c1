import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { serialColumn, textColumn, timestampColumn } from './column-types.js';

/** The transactional outbox of events (contract §8). */
export class OutboxSchema1763800002000 implements MigrationInterface {
  name = 'OutboxSchema1763800002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'outbox_events',
        columns: [serialColumn(), textColumn('type', 64), { name: 'payload', type: 'text' }, timestampColumn('created_at')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('outbox_events');
  }
}
