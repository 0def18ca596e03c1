import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { accountIdColumn } from './column-types.js';

/**
 * The `sequence` of `account_team_update` events (docs/api.md#events): one
 * counter row per account that has had an event, raised in the event's own
 * transaction. No row yet means no event yet (the first one is 1). A row
 * outlives its account, so an account created again under the same id goes
 * on counting from where the old one stopped.
 */
export class AccountEventSequences1795900000005 implements MigrationInterface {
  name = 'AccountEventSequences1795900000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'account_event_sequences',
        columns: [accountIdColumn(queryRunner, 'account_id', { isPrimary: true }), { name: 'last_sequence', type: 'integer', default: 0 }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_event_sequences');
  }
}
