import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * DeliveriesByStatus: an index of `deliveries` by (`app_id`, `event`,
 * `status`, `created_at`, `id`, `callback_id`). `recover`'s count
 * (docs/api.md#delivery-log: an app's failed deliveries of one event type
 * since a time, whose callback still exists) reads only the index, not every
 * row of the app's log, and the apps' log filtered by `status` reads its
 * newest page from the index's end. The index by `app_id` alone goes: every
 * statement that used it, the foreign key to `apps` included, has
 * `idx_deliveries_app_event_created`, which starts with `app_id`. On
 * MySQL/MariaDB both changes are online (the table stays writable).
 * Frozen once shipped: it holds every statement it runs and imports only
 * `typeorm` and `column-types.ts` (docs/adding-a-module.md#2-migration).
 */
export class DeliveriesByStatus1795960000000 implements MigrationInterface {
  name = 'DeliveriesByStatus1795960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({
        name: 'idx_deliveries_app_event_status_created',
        columnNames: ['app_id', 'event', 'status', 'created_at', 'id', 'callback_id'],
      }),
    );
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_app');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('deliveries', new TableIndex({ name: 'idx_deliveries_app', columnNames: ['app_id'] }));
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_app_event_status_created');
  }
}
