import { type MigrationInterface, type QueryRunner, TableColumn, type TableColumnOptions } from 'typeorm';

import { isMysql, timestampColumn } from './column-types.js';

/** The minute pass's range: callbacks with a previous secret whose grace ends first. */
const INDEX = 'idx_callbacks_previous_secrets_until';

/**
 * Every secret of the rotation grace signs (docs/api.md#secret-rotation): a
 * callback keeps the secrets PUTs replaced as a list, not one. `previous_secret`
 * and `previous_secret_until` become `previous_secrets`, a JSON array
 * `[{"secret", "until"}]` newest first (`NULL` when empty), and
 * `previous_secrets_until`, the earliest `until` in it (when the minute pass
 * next forgets one; indexed for it). A secret kept today is carried over as a list of one;
 * `down` keeps the newest. SQLite changes the columns in place (`ALTER TABLE`),
 * as TypeORM's column changes would copy the table.
 */
export class CallbackPreviousSecrets1795700001000 implements MigrationInterface {
  name = 'CallbackPreviousSecrets1795700001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumns(queryRunner, [
      { name: 'previous_secrets', type: 'text', isNullable: true, ...(isMysql(queryRunner) ? { charset: 'utf8mb4' } : {}) },
      timestampColumn('previous_secrets_until', { isNullable: true }),
    ]);
    const kept: { id: number; secret: string; until: number | string }[] = await queryRunner.query(
      `SELECT id, previous_secret AS secret, previous_secret_until AS until FROM callbacks
        WHERE previous_secret IS NOT NULL AND previous_secret_until IS NOT NULL`,
    );
    for (const { id, secret, until } of kept) {
      await queryRunner.query('UPDATE callbacks SET previous_secrets = ?, previous_secrets_until = ? WHERE id = ?', [
        JSON.stringify([{ secret, until: Number(until) }]),
        Number(until),
        id,
      ]);
    }
    await dropColumns(queryRunner, ['previous_secret', 'previous_secret_until']);
    await queryRunner.query(`CREATE INDEX ${INDEX} ON callbacks (previous_secrets_until)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(isMysql(queryRunner) ? `DROP INDEX ${INDEX} ON callbacks` : `DROP INDEX ${INDEX}`);
    await addColumns(queryRunner, [
      { name: 'previous_secret', type: 'varchar', length: '2048', isNullable: true },
      timestampColumn('previous_secret_until', { isNullable: true }),
    ]);
    const lists: { id: number; secrets: string }[] = await queryRunner.query(
      'SELECT id, previous_secrets AS secrets FROM callbacks WHERE previous_secrets IS NOT NULL',
    );
    for (const { id, secrets } of lists) {
      const [newest] = JSON.parse(secrets) as { secret: string; until: number }[];
      if (newest === undefined) continue;
      await queryRunner.query('UPDATE callbacks SET previous_secret = ?, previous_secret_until = ? WHERE id = ?', [
        newest.secret,
        newest.until,
        id,
      ]);
    }
    await dropColumns(queryRunner, ['previous_secrets', 'previous_secrets_until']);
  }
}

async function addColumns(queryRunner: QueryRunner, columns: TableColumnOptions[]): Promise<void> {
  if (isMysql(queryRunner)) {
    await queryRunner.addColumns(
      'callbacks',
      columns.map((column) => new TableColumn(column)),
    );
    return;
  }
  for (const column of columns) {
    const type = column.type === 'varchar' ? `varchar(${column.length})` : column.type;
    await queryRunner.query(`ALTER TABLE callbacks ADD COLUMN ${column.name} ${type} NULL`);
  }
}

async function dropColumns(queryRunner: QueryRunner, names: string[]): Promise<void> {
  if (isMysql(queryRunner)) await queryRunner.dropColumns('callbacks', names);
  else for (const name of names) await queryRunner.query(`ALTER TABLE callbacks DROP COLUMN ${name}`);
}
