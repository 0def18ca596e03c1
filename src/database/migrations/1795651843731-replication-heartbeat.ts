import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { timestampColumn } from './column-types.js';

/**
 * One row (`id` 1) whose `beat` the API processes set to the primary's clock
 * (seconds since the epoch) every quarter second while read replicas are
 * configured: a replica's copy of it tells how far behind it is
 * (`database/replicas/replica-lag.monitor.ts`). Unused, and never written, without replicas.
 */
export class ReplicationHeartbeat1795651843731 implements MigrationInterface {
  name = 'ReplicationHeartbeat1795651843731';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'replication_heartbeat',
        columns: [{ name: 'id', type: 'integer', isPrimary: true }, timestampColumn('beat')],
      }),
    );
    await queryRunner.query('INSERT INTO replication_heartbeat (id, beat) VALUES (1, 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('replication_heartbeat');
  }
}
