import 'reflect-metadata';

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { DataSource, type TableColumn } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadAppConfig } from '../src/config/environment.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { migrationOrderProblems } from './support/migration-order.js';
import { dropAllTables, emptyTestDatabaseUrl } from './support/test-database.js';

/** A class decorated with `@Entity`. */
type EntityClass = new () => object;

/** Every entity class of the service (`src/**\/*.entity.ts`), as the TypeORM CLI's data source loads them. */
async function loadEntities(): Promise<EntityClass[]> {
  const source = fileURLToPath(new URL('../src/', import.meta.url));
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.entity.ts'));
  const modules: Record<string, unknown>[] = await Promise.all(files.map((file) => import(pathToFileURL(join(source, file)).href)));
  return modules.flatMap((module) => Object.values(module).filter((value): value is EntityClass => typeof value === 'function'));
}

/**
 * Columns an entity declares `text` (the type both backends know) that the migrations make
 * `LONGTEXT` on MySQL/MariaDB, where `TEXT` stops at 64 KiB; an entity cannot name a type
 * per backend.
 */
const MYSQL_LONGTEXT = ['outbox_events.payload', 'idempotency_keys.body'];

/** The fields TypeORM's column comparison reads, of a column the database reports. */
function describeStored(column: TableColumn): Record<string, unknown> {
  const { type, length, precision, scale, unsigned, isNullable, isUnique, isPrimary, isGenerated, generationStrategy } = column;
  const { default: defaultValue, onUpdate, charset, collation, comment, enum: values, asExpression, generatedType } = column;
  return {
    type,
    length,
    precision,
    scale,
    unsigned,
    isNullable,
    isUnique,
    isPrimary,
    isGenerated,
    generationStrategy,
    default: defaultValue,
    onUpdate,
    charset,
    collation,
    comment,
    enum: values,
    asExpression,
    generatedType,
  };
}

/** The same fields of an entity's column, normalized by the driver as its comparison does. */
function describeDeclared(dataSource: DataSource, column: ColumnMetadata): Record<string, unknown> {
  const driver = dataSource.driver;
  return {
    type: driver.normalizeType(column),
    length: column.length,
    precision: column.precision,
    scale: column.scale,
    unsigned: column.unsigned,
    isNullable: column.isNullable,
    isUnique: driver.normalizeIsUnique(column),
    isPrimary: column.isPrimary,
    isGenerated: column.isGenerated,
    generationStrategy: column.generationStrategy,
    default: driver.normalizeDefault(column),
    onUpdate: column.onUpdate,
    charset: column.charset,
    collation: column.collation,
    comment: column.comment,
    enum: column.enum,
    asExpression: column.asExpression,
    generatedType: column.generatedType,
  };
}

/**
 * The migrations alone build the schema the entities describe: applied in order to
 * an empty database (a fresh SQLite file, or the emptied MySQL/MariaDB database of
 * TEST_DATABASE_URL), every entity's table has exactly the entity's columns, each as
 * TypeORM's schema builder would create it (type, length, nullability, default,
 * generation, collation: the builder's own column comparison,
 * `driver.findChangedColumns`) and the same primary key. A migration that forgets a
 * column, or an entity changed without its migration, fails here.
 *
 * A difference is printed with every field the comparison reads (`isUnique` included)
 * on both sides, naming those that differ. A unique index an entity declares
 * (`UniqueIndex` of column-types.ts) must be unique in the table too. Other indexes,
 * foreign keys and triggers are declared by the migrations only, not on the
 * entities, so the builder's full plan (`createSchemaBuilder().log()`) would drop
 * them; the comparison leaves them out.
 */
describe('migrations build the schema of the entities', () => {
  let dataSource: DataSource;
  let entities: EntityClass[];

  beforeAll(async () => {
    const url = emptyTestDatabaseUrl();
    if (url.startsWith('mysql')) await dropAllTables(url);
    entities = await loadEntities();
    dataSource = new DataSource(dataSourceOptions(loadAppConfig({ DATABASE_URL: url }).database, entities));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('finds every entity', () => {
    expect(entities.length).toBeGreaterThanOrEqual(10);
    expect(dataSource.entityMetadatas.length).toBe(entities.length);
  });

  it('applies every migration to the empty database, in order', async () => {
    // A migration out of order would run before those already applied: the message names its file and what to do.
    expect(migrationOrderProblems(MIGRATIONS)).toEqual([]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('gives every entity table exactly the columns and primary key of its entity', async () => {
    const queryRunner = dataSource.createQueryRunner();
    try {
      const differences: string[] = [];
      for (const metadata of dataSource.entityMetadatas) {
        const table = await queryRunner.getTable(metadata.tablePath);
        if (!table) {
          differences.push(`${metadata.tableName}: no table`);
          continue;
        }
        if (dataSource.options.type === 'mysql') {
          // MariaDB reports "no default" of a nullable column as the default NULL, which TypeORM's
          // `mysql` driver (that does not know the server is MariaDB) reads as the string 'NULL'.
          for (const column of table.columns) {
            if (column.isNullable && column.default === "'NULL'") column.default = undefined;
            if (column.type === 'longtext' && MYSQL_LONGTEXT.includes(`${table.name}.${column.name}`)) column.type = 'text';
          }
        }
        const entityColumns = metadata.columns.map((column) => column.databaseName);
        const tableColumns = table.columns.map((column) => column.name);
        for (const name of entityColumns.filter((name) => !tableColumns.includes(name))) differences.push(`${table.name}.${name}: missing`);
        for (const name of tableColumns.filter((name) => !entityColumns.includes(name)))
          differences.push(`${table.name}.${name}: not in the entity`);
        for (const column of dataSource.driver.findChangedColumns(table.columns, metadata.columns)) {
          const stored = describeStored(table.findColumnByName(column.databaseName)!);
          const declared = describeDeclared(dataSource, column);
          const fields = Object.keys(stored).filter((field) => JSON.stringify(stored[field]) !== JSON.stringify(declared[field]));
          differences.push(
            `${table.name}.${column.databaseName}: ${fields.length ? `differs in ${fields.join(', ')}` : 'differs (as the schema builder sees it)'}: ` +
              `${JSON.stringify(stored)} is not the entity's ${JSON.stringify(declared)}`,
          );
        }
        const uniqueIn = (indices: { columnNames: string[]; isUnique: boolean }[]) =>
          indices.filter((index) => index.isUnique).map((index) => [...index.columnNames].sort().join(', '));
        const tableUniques = [...uniqueIn(table.indices), ...table.uniques.map((unique) => [...unique.columnNames].sort().join(', '))];
        const entityUniques = [
          ...uniqueIn(
            metadata.indices.map((index) => ({ columnNames: index.columns.map((c) => c.databaseName), isUnique: index.isUnique })),
          ),
          ...metadata.uniques.map((unique) =>
            unique.columns
              .map((c) => c.databaseName)
              .sort()
              .join(', '),
          ),
        ];
        for (const columns of entityUniques.filter((columns) => !tableUniques.includes(columns)))
          differences.push(`${table.name}: the entity's unique index (${columns}) is not unique in the table (isUnique: false)`);
        const entityKey = metadata.primaryColumns.map((column) => column.databaseName).sort();
        const tableKey = table.primaryColumns.map((column) => column.name).sort();
        if (entityKey.join() !== tableKey.join()) differences.push(`${table.name}: primary key (${tableKey}) is not (${entityKey})`);
      }
      expect(differences).toEqual([]);
    } finally {
      await queryRunner.release();
    }
  });
});
