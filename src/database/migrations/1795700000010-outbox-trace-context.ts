import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events keep the W3C Trace Context of the request that recorded them
 * (docs/operations.md#tracing): `outbox_events.trace_context`, `NULL` without
 * tracing. Added in place on both backends (`ALTER TABLE ... ADD COLUMN`): no
 * copy of the table, and existing rows keep `NULL`.
 */
export class OutboxTraceContext1795700000010 implements MigrationInterface {
  name = 'OutboxTraceContext1795700000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_events ADD COLUMN trace_context varchar(1024) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_events DROP COLUMN trace_context');
  }
}
