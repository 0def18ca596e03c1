import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { accountIdColumn, nameColumn, serialColumn, textColumn, timestampColumn } from './column-types.js';

/** Teams, accounts, apps and sessions (issue: core service). */
export class CoreSchema1763800000000 implements MigrationInterface {
  name = 'CoreSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'teams',
        columns: [serialColumn(), nameColumn(queryRunner, 'name'), timestampColumn('created_at')],
        indices: [{ name: 'idx_teams_name_id', columnNames: ['name', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [
          accountIdColumn(queryRunner, 'id', { isPrimary: true }),
          nameColumn(queryRunner, 'name'),
          textColumn('discriminator', 32),
          textColumn('avatar_url', 2048, { isNullable: true }),
          { name: 'team_id', type: 'integer', isNullable: true },
          { name: 'permissions', type: 'integer', default: 0 },
          timestampColumn('created_at'),
        ],
        indices: [
          { name: 'idx_accounts_name_id', columnNames: ['name', 'id'] },
          { name: 'idx_accounts_team_name_id', columnNames: ['team_id', 'name', 'id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_accounts_team',
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
        name: 'apps',
        columns: [
          serialColumn(),
          textColumn('name', 255),
          { name: 'permissions', type: 'integer', default: 0 },
          textColumn('token_hash', 64),
          timestampColumn('created_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          serialColumn(),
          accountIdColumn(queryRunner, 'account_id'),
          textColumn('token_hash', 64),
          timestampColumn('created_at'),
          timestampColumn('expires_at'),
        ],
        indices: [
          { name: 'idx_sessions_account', columnNames: ['account_id'] },
          { name: 'idx_sessions_expires_at', columnNames: ['expires_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_sessions_account',
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
    await queryRunner.dropTable('sessions');
    await queryRunner.dropTable('apps');
    await queryRunner.dropTable('accounts');
    await queryRunner.dropTable('teams');
  }
}
