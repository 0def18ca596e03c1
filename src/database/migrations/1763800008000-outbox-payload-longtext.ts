import type { MigrationInterface, QueryRunner } from 'typeorm';

import { isMysql } from './column-types.js';

/**
 * Event payloads without a size cliff (docs/api.md#events: a request never fails
 * because of delivery). An event carries the account's awards and its team's
 * awards, which can pass `TEXT`'s 64 KiB on MySQL; `LONGTEXT` holds 4 GiB.
 * SQLite's `text` has no such limit.
 */
export class OutboxPayloadLongtext1763800008000 implements MigrationInterface {
  name = 'OutboxPayloadLongtext1763800008000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) await queryRunner.query('ALTER TABLE outbox_events MODIFY payload LONGTEXT NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) await queryRunner.query('ALTER TABLE outbox_events MODIFY payload TEXT NOT NULL');
  }
}
