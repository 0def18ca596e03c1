import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Fan-out at commit time (docs/api.md#events): a counter raised by every new callback
 * registration (`callback_epoch`, one row), the value each event's transaction
 * read (`outbox_events.callback_epoch`) and the value each callback was
 * registered at (`callbacks.since_epoch`). Rows from before start at 0: the
 * events waiting at the upgrade still go to every callback registered then.
 */
export class CallbackEpoch1795700000000 implements MigrationInterface {
  name = 'CallbackEpoch1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'callback_epoch',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'epoch', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO callback_epoch (id, epoch) VALUES (1, 0)');
    await queryRunner.addColumn('outbox_events', new TableColumn({ name: 'callback_epoch', type: 'integer', default: 0 }));
    await queryRunner.addColumn('callbacks', new TableColumn({ name: 'since_epoch', type: 'integer', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('callbacks', 'since_epoch');
    await queryRunner.dropColumn('outbox_events', 'callback_epoch');
    await queryRunner.dropTable('callback_epoch');
  }
}
