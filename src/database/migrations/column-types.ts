import { Index, type QueryRunner, type TableColumnOptions, type TableIndexOptions } from 'typeorm';

/**
 * Column definitions shared by the migrations, written once for both backends:
 * MySQL/MariaDB and embedded SQLite differ only in collations. Shipped
 * migrations use them: never change one (an old migration would build another
 * schema on a fresh database); add a new definition for a new column type.
 * Only migrations import this file, but for {@link UniqueIndex}, which entities use.
 */
export function isMysql(queryRunner: QueryRunner): boolean {
  return queryRunner.connection.options.type === 'mysql';
}

/** A stored account id (see `common/account-id.ts`): 20 ASCII digits compared bytewise. */
export function accountIdColumn(queryRunner: QueryRunner, name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions {
  return {
    name,
    type: 'varchar',
    length: '20',
    ...(isMysql(queryRunner) ? { charset: 'ascii', collation: 'ascii_bin' } : {}),
    ...extra,
  };
}

/** A name searched and sorted case-insensitively (docs/api.md#pagination). */
export function nameColumn(queryRunner: QueryRunner, name: string, length = 255): TableColumnOptions {
  return {
    name,
    type: 'varchar',
    length: String(length),
    ...(isMysql(queryRunner) ? { charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' } : { collation: 'NOCASE' }),
  };
}

/** An auto-increment integer primary key. */
export function serialColumn(name = 'id'): TableColumnOptions {
  return { name, type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
}

/** Seconds since the UNIX epoch, with a fractional part (docs/api.md#conventions). */
export function timestampColumn(name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions {
  return { name, type: 'double', ...extra };
}

/** Free text up to `length` characters (URLs, secrets, hashes). */
export function textColumn(name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions {
  return { name, type: 'varchar', length: String(length), ...extra };
}

/** The name of the unique index of `table` over `columns`: `UQ_<table>_<column>_<column>...`. */
export function uniqueIndexName(table: string, columns: readonly string[]): string {
  return `UQ_${table}_${columns.join('_')}`;
}

/**
 * A unique index for a migration's `new Table({ indices: [...] })` or `createIndex`, built the same way on both
 * backends. Its entity declares the same index with {@link UniqueIndex}; the schema test compares both,
 * `isUnique` included (docs/module-reference.md#unique-indexes). Not `uniques:` (SQLite reads a table's
 * constraints back as indexes, so the entity's metadata would differ).
 */
export function uniqueIndex(table: string, columns: readonly string[]): TableIndexOptions {
  return { name: uniqueIndexName(table, columns), columnNames: [...columns], isUnique: true };
}

/**
 * The entity's side of {@link uniqueIndex}: `@UniqueIndex('badges', ['team_id', 'name'])` on the entity class
 * (the entity's property names, which are the columns' names in this code base). Entities import this function only.
 */
export function UniqueIndex(table: string, columns: readonly string[]): ClassDecorator {
  return Index(uniqueIndexName(table, columns), [...columns], { unique: true });
}
