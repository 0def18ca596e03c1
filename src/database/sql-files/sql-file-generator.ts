import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

import { type DynamicModule, type INestApplicationContext, Module, type Type } from '@nestjs/common';
import { INJECTABLE_WATERMARK } from '@nestjs/common/constants.js';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, getMetadataArgsStorage } from 'typeorm';

import { ClockModule } from '../../clock/clock.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { AppConfigModule } from '../../config/config.module.js';
import { DatabaseModule } from '../database.module.js';
import { inTransactionScope } from '../current-transaction.js';
import { type SqlCase, sqlCasesOf } from '../generate-sql.decorator.js';
import { PreparedReads } from '../prepared-reads.js';
import { PreparedStatements } from '../prepared-statements.js';
import { ReplicaRouting } from '../replicas/replica-routing.js';
import { ReplicaSet } from '../replicas/replica-set.js';
import { Transactions } from '../transactions.js';
import { SAMPLE_DATA } from './sample-data.js';
import { formatPlan, formatStatement, isExplainable, type PlanRow } from './sql-file-format.js';
import { type LoggedStatement, StatementLog } from './statement-log.js';
import { mysqlTriggers, sqliteTriggers, triggersFile } from './trigger-files.js';

/** A class with `@GenerateSql` methods, and the source file it is exported from (relative to the project). */
interface StatementClass {
  readonly type: Type;
  readonly file: string;
}

/** What a run produced: each output file's name and text, and the cases that failed. */
export interface SqlFiles {
  readonly files: Map<string, string>;
  readonly failures: string[];
}

@Module({})
class SqlFilesModule {}

/**
 * Writes the text of `src/queries/*.sql` (docs/architecture.md#sql-files):
 * boots the database module (migrations applied) with every class of `srcDir`
 * that has `@GenerateSql` methods as a provider, fills the empty database with
 * {@link SAMPLE_DATA}, then calls each case of each method inside a transaction
 * that is rolled back, records the statements it sent, and `EXPLAIN`s each one
 * against the data set. One file per source file, named after it
 * (`accounts.repository.ts` → `accounts.repository.sql`), and one per dialect
 * with every trigger the migrations leave (`triggers.mysql.sql`, from this
 * database; `triggers.sqlite.sql`, from a fresh in-memory SQLite database).
 * The database must be empty: the caller creates and drops it.
 */
export async function generateSqlFiles(config: AppConfig, srcDir: string): Promise<SqlFiles> {
  const classes = await statementClasses(srcDir);
  const entities = await entityClasses(srcDir);
  const module: DynamicModule = {
    module: SqlFilesModule,
    imports: [AppConfigModule.forRoot(config), ClockModule, DatabaseModule.forRoot({ migrate: true }), TypeOrmModule.forFeature(entities)],
    providers: withDependencies(classes.map((entry) => entry.type)),
  };
  const app = await NestFactory.createApplicationContext(module, { logger: ['error'] });
  try {
    const dataSource = app.get(DataSource);
    await seed(dataSource);
    const log = new StatementLog();
    (dataSource as { logger: DataSource['logger'] }).logger = log;
    const result = await run(app, dataSource, log, classes, srcDir);
    result.files.set('triggers.mysql.sql', triggersFile('mysql', await mysqlTriggers(dataSource)));
    result.files.set('triggers.sqlite.sql', triggersFile('sqlite', await sqliteTriggers()));
    return result;
  } finally {
    await app.close();
  }
}

async function run(
  app: INestApplicationContext,
  dataSource: DataSource,
  log: StatementLog,
  classes: StatementClass[],
  srcDir: string,
): Promise<SqlFiles> {
  const files = new Map<string, string[]>();
  const failures: string[] = [];
  for (const { type, file } of classes) {
    const instance = app.get(type) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const method of Object.getOwnPropertyNames(type.prototype)) {
      const cases = sqlCasesOf(Object.getOwnPropertyDescriptor(type.prototype, method)?.value);
      for (const sqlCase of cases ?? []) {
        const label = `${type.name}.${method}${sqlCase.name ? ` (${sqlCase.name})` : ''}`;
        const { statements, error } = await callRolledBack(dataSource, log, () => instance[method](...(sqlCase.params ?? [])));
        if (error) failures.push(`${label} threw: ${error instanceof Error ? error.message : String(error)}`);
        else if (statements.length === 0) failures.push(`${label} ran no statement`);
        const blocks = files.get(file) ?? [header(file, srcDir)];
        files.set(file, blocks);
        blocks.push([`-- ${label}`, ...(await describe(dataSource, statements, sqlCase))].join('\n'));
      }
    }
  }
  const texts = new Map<string, string>();
  for (const [file, blocks] of files) texts.set(outputName(file), `${blocks.join('\n\n')}\n`);
  return { files: texts, failures };
}

/**
 * Runs `call` as the work of a transaction (the current one, as inside
 * `Transactions.run`), all of the data source's other
 * query runners being that transaction's too (statements outside a
 * transaction, and transactions the method opens itself, become savepoints
 * in it), then rolls it back.
 */
async function callRolledBack(
  dataSource: DataSource,
  log: StatementLog,
  call: () => Promise<unknown>,
): Promise<{ statements: LoggedStatement[]; error?: unknown }> {
  const createQueryRunner = dataSource.createQueryRunner;
  const runner = createQueryRunner.call(dataSource);
  const release = runner.release;
  await runner.startTransaction();
  runner.release = async () => undefined;
  dataSource.createQueryRunner = () => runner;
  try {
    return await log.record(() => inTransactionScope(runner.manager, call));
  } finally {
    dataSource.createQueryRunner = createQueryRunner;
    runner.release = release;
    while (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

/** Each statement laid out, followed by its plan on the data set (run after the rollback: the data as {@link SAMPLE_DATA} left it). */
async function describe(dataSource: DataSource, statements: LoggedStatement[], sqlCase: SqlCase): Promise<string[]> {
  const lines: string[] = [];
  const [{ database }]: { database: string }[] = await dataSource.query('SELECT DATABASE() AS `database`');
  for (const statement of statements) {
    lines.push(`${formatStatement(statement.sql)};`);
    if (!isExplainable(statement.sql)) continue;
    const plan: PlanRow[] = await dataSource.query(`EXPLAIN ${statement.sql}`, [...statement.parameters]);
    lines.push(formatPlan(plan, database));
  }
  if (statements.length === 0) lines.push(`-- no statement (arguments: ${sqlCase.params?.length ?? 0})`);
  return lines;
}

function header(file: string, srcDir: string): string {
  return (
    `-- Generated by \`npm run sql:generate\` from the @GenerateSql cases of ${relative(join(srcDir, '..'), file)}; do not edit.\n` +
    '-- Every statement each case sends (parameters as ?), each followed by its EXPLAIN on MariaDB (docs/architecture.md#sql-files).'
  );
}

function outputName(file: string): string {
  return `${file.split('/').pop()!.replace(/\.ts$/, '')}.sql`;
}

/** Fills every table with {@link SAMPLE_DATA} and freezes the optimizer's statistics, so that plans do not change between runs. */
async function seed(dataSource: DataSource): Promise<void> {
  for (const statement of SAMPLE_DATA) await dataSource.query(statement);
  const tables: { name: string }[] = await dataSource.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  for (const { name } of tables) {
    // Every page sampled: the statistics are exact, the same on every run.
    await dataSource.query(`ALTER TABLE \`${name}\` STATS_PERSISTENT = 1 STATS_AUTO_RECALC = 0 STATS_SAMPLE_PAGES = 65535`);
    await dataSource.query(`ANALYZE TABLE \`${name}\``);
  }
}

/** The `.ts` files under `dir` (specs left out), sorted. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The exported classes with `@GenerateSql` methods of the files under `srcDir` that use it, by file then export order. */
async function statementClasses(srcDir: string): Promise<StatementClass[]> {
  const classes: StatementClass[] = [];
  for (const file of sourceFiles(srcDir).filter((path) => readFileSync(path, 'utf8').includes('@GenerateSql('))) {
    const exports: Record<string, unknown> = await import(pathToFileURL(file).href);
    for (const value of Object.values(exports)) {
      if (typeof value !== 'function' || !value.prototype) continue;
      const methods = Object.getOwnPropertyNames(value.prototype);
      if (methods.some((name) => sqlCasesOf(Object.getOwnPropertyDescriptor(value.prototype, name)?.value)))
        classes.push({ type: value as Type, file });
    }
  }
  return classes;
}

/** What the imported modules provide; the classes' other dependencies are added as providers. */
const PROVIDED: ReadonlySet<unknown> = new Set([Transactions, PreparedReads, PreparedStatements, ReplicaSet, ReplicaRouting]);

/**
 * `types` and, transitively, the injectable classes their constructors take
 * that the imported modules do not provide (a repository may use another
 * feature's service), so that Nest can build each of them.
 */
function withDependencies(types: Type[]): Type[] {
  const all = new Set<Type>();
  const visit = (type: Type): void => {
    if (all.has(type) || PROVIDED.has(type)) return;
    all.add(type);
    const dependencies: unknown[] = Reflect.getMetadata('design:paramtypes', type) ?? [];
    for (const dependency of dependencies) {
      if (typeof dependency === 'function' && Reflect.getMetadata(INJECTABLE_WATERMARK, dependency)) visit(dependency as Type);
    }
  };
  types.forEach(visit);
  return [...all];
}

/** The TypeORM entities of the `*.entity.ts` files under `srcDir`. */
async function entityClasses(srcDir: string): Promise<Type[]> {
  for (const file of sourceFiles(srcDir).filter((path) => path.endsWith('.entity.ts'))) await import(pathToFileURL(file).href);
  return getMetadataArgsStorage().tables.map((table) => table.target as Type);
}
