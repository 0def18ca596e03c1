import type { MigrationInterface, QueryRunner } from 'typeorm';

import { isMysql } from './column-types.js';

/**
 * DeliveryAccounts: deliveries gain `account_id`, the account their event is
 * about (the stored form of `common/account-id.ts`; `null` for a ping, and for
 * a delivery an older release inserts, which never names it), and an index by
 * (`app_id`, `event`, `account_id`, `created_at`, `id`): the apps' log filtered
 * by account (docs/api.md#delivery-log), its newest page and the page after a
 * cursor read from the index's end. Existing deliveries are filled in from
 * their event's body (`account.id` of an `account_team_update`). The column and
 * the index are changed with plain SQL on both backends (TypeORM's SQLite path
 * would rebuild the table and drop its triggers); an added nullable column
 * leaves the previous release's inserts as they were. Frozen once
 * shipped: it holds every statement it runs and imports only `typeorm` and
 * `column-types.ts` (docs/module-reference.md#migration).
 */
export class DeliveryAccounts1795952685759 implements MigrationInterface {
  name = 'DeliveryAccounts1795952685759';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The stored account id of column-types.ts's accountIdColumn: 20 ASCII digits compared bytewise.
    await queryRunner.query(
      `ALTER TABLE deliveries ADD COLUMN account_id varchar(20)${isMysql(queryRunner) ? ' CHARACTER SET ascii COLLATE ascii_bin' : ''} NULL`,
    );
    await queryRunner.query(
      isMysql(queryRunner)
        ? `UPDATE deliveries d JOIN outbox_events e ON e.id = d.event_id
              SET d.account_id = LPAD(JSON_UNQUOTE(JSON_EXTRACT(e.payload, '$.account.id')), 20, '0')
            WHERE e.type = 'account_team_update' AND JSON_VALID(e.payload)`
        : `UPDATE deliveries SET account_id = (
             SELECT substr('00000000000000000000' || json_extract(e.payload, '$.account.id'), -20, 20) FROM outbox_events e
              WHERE e.id = deliveries.event_id AND e.type = 'account_team_update' AND json_valid(e.payload))`,
    );
    await queryRunner.query(
      'CREATE INDEX idx_deliveries_app_event_account_created ON deliveries (app_id, event, account_id, created_at, id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      isMysql(queryRunner)
        ? 'DROP INDEX idx_deliveries_app_event_account_created ON deliveries'
        : 'DROP INDEX idx_deliveries_app_event_account_created',
    );
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN account_id');
  }
}
