import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { isMysql, textColumn, timestampColumn } from './column-types.js';

/**
 * The first answers to writes sent with an `Idempotency-Key`, per credential
 * and key, kept 24 h. Keys compare exactly (binary on MySQL); bodies can be
 * as large as an Account object with its awards, so `LONGTEXT` on MySQL.
 */
export class IdempotencyKeys1795602307444 implements MigrationInterface {
  name = 'IdempotencyKeys1795602307444';

  async up(queryRunner: QueryRunner): Promise<void> {
    const exact = isMysql(queryRunner) ? { charset: 'ascii', collation: 'ascii_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          textColumn('scope', 24, { isPrimary: true, ...exact }),
          textColumn('idempotency_key', 255, { isPrimary: true, ...exact }),
          textColumn('fingerprint', 64, exact),
          { name: 'status', type: 'integer' },
          { name: 'body', type: isMysql(queryRunner) ? 'longtext' : 'text', isNullable: true },
          timestampColumn('created_at'),
          timestampColumn('expires_at'),
        ],
        indices: [{ name: 'idx_idempotency_keys_expires', columnNames: ['expires_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
