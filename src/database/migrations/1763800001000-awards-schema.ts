import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { accountIdColumn, nameColumn, serialColumn, textColumn, timestampColumn } from './column-types.js';

/** Awards and the accounts holding them (issue: awards). */
export class AwardsSchema1763800001000 implements MigrationInterface {
  name = 'AwardsSchema1763800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'awards',
        columns: [
          serialColumn(),
          nameColumn(queryRunner, 'title'),
          textColumn('image_url', 2048),
          { name: 'team_id', type: 'integer', isNullable: true },
          timestampColumn('created_at'),
        ],
        indices: [{ name: 'idx_awards_team', columnNames: ['team_id'] }],
        foreignKeys: [
          {
            name: 'fk_awards_team',
            columnNames: ['team_id'],
            referencedTableName: 'teams',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'awardees',
        columns: [{ name: 'award_id', type: 'integer', isPrimary: true }, accountIdColumn(queryRunner, 'account_id', { isPrimary: true })],
        indices: [{ name: 'idx_awardees_account', columnNames: ['account_id', 'award_id'] }],
        foreignKeys: [
          {
            name: 'fk_awardees_award',
            columnNames: ['award_id'],
            referencedTableName: 'awards',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_awardees_account',
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('awardees');
    await queryRunner.dropTable('awards');
  }
}
