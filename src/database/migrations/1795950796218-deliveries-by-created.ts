import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * DeliveriesByCreated: an index of `deliveries` by (`created_at`, `id`), the
 * order of the operators' `deliveries list` across apps, the apps' log's
 * order (docs/api.md#delivery-log): its newest page and the page after a
 * delivery (a cursor) read from the index's end, not by sorting the table.
 * Frozen once shipped: it holds every statement it runs and imports only
 * `typeorm` and `column-types.ts` (docs/adding-a-module.md#2-migration).
 */
export class DeliveriesByCreated1795950796218 implements MigrationInterface {
  name = 'DeliveriesByCreated1795950796218';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('deliveries', new TableIndex({ name: 'idx_deliveries_created', columnNames: ['created_at', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_created');
  }
}
