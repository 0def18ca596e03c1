import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * DeliveriesByAccount: an index of `deliveries` by (`account_id`,
 * `created_at`, `id`). The operators' `deliveries list --account` (every
 * app's deliveries of events about one account, newest first;
 * docs/api.md#cli) reads that account's newest page from the index's end
 * instead of walking every app's log. Its columns never change after the
 * insert, so only inserts and deletes maintain it. On MySQL/MariaDB it is
 * built online (the table stays writable). Frozen once shipped: it holds
 * every statement it runs and imports only `typeorm`
 * (docs/adding-a-module.md#2-migration).
 */
export class DeliveriesByAccount1795970000000 implements MigrationInterface {
  name = 'DeliveriesByAccount1795970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({ name: 'idx_deliveries_account_created', columnNames: ['account_id', 'created_at', 'id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_account_created');
  }
}
