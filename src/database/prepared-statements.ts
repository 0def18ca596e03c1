import { Injectable } from '@nestjs/common';
import type { Pool, PoolConnection, ResultSetHeader } from 'mysql2';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

import { transactionManager } from './current-transaction.js';

/** A statement's parameters: strings, numbers or null. */
export type StatementParameters = readonly (string | number | null)[];

/** What a write statement did: how many rows it changed (inserted, updated or deleted). */
export interface WriteOutcome {
  affected: number;
}

/**
 * Runs fixed-shape statements inside the current transaction
 * (`Transactions.run`), or a write outside one. On MySQL/MariaDB they run as
 * server-side prepared statements (mysql2 `execute`) on the transaction's own
 * pooled connection, or on a connection of the pool for a write outside a
 * transaction (the delivery worker's outcomes): each connection parses and
 * plans a statement once, and the caller sends only its parameters, with none
 * of the ORM's per-statement work (query building, event broadcasting). On
 * SQLite, a `select` outside a transaction, or the pool of a replicated setup
 * (TypeORM's pool cluster), they go through `Transactions.manager` as usual.
 * Every statement is handed to TypeORM's logger like any other query. Errors
 * are TypeORM's `QueryFailedError`, as from `EntityManager.query`, so
 * duplicate-key, foreign-key and deadlock checks read them alike.
 *
 * Only for statements whose text does not vary with the data: each pooled
 * connection keeps at most `maxPreparedStatements` of them
 * (data-source-options.ts), shared with `PreparedReads`.
 */
@Injectable()
export class PreparedStatements {
  constructor(private readonly dataSource: DataSource) {}

  /** The rows of `sql` with `parameters`. @throws QueryFailedError. */
  async select<T>(sql: string, parameters: StatementParameters): Promise<T[]> {
    const manager = this.manager;
    const connection = transactionConnection(manager);
    if (!connection) return manager.query(sql, [...parameters]);
    return (await this.execute(connection, sql, parameters)) as T[];
  }

  /**
   * Runs the `INSERT`, `UPDATE` or `DELETE` `sql` with `parameters`, in the
   * current transaction or, outside one, on its own (autocommit).
   * @throws QueryFailedError.
   */
  async write(sql: string, parameters: StatementParameters): Promise<WriteOutcome> {
    const manager = this.manager;
    const connection = transactionConnection(manager) ?? (manager.queryRunner ? undefined : this.mysqlPool());
    if (!connection) return this.writeText(sql, parameters);
    const header = (await this.execute(connection, sql, parameters)) as ResultSetHeader;
    return { affected: header.affectedRows };
  }

  /**
   * {@link write} as a text statement through TypeORM's query runner (its
   * structured result has the changed rows on every driver): for a statement
   * whose text varies with the data, such as an `IN` list, which must not
   * fill the connection's prepared-statement cache.
   *
   * @throws QueryFailedError.
   */
  async writeText(sql: string, parameters: StatementParameters): Promise<WriteOutcome> {
    const manager = this.manager;
    const runner = manager.queryRunner ?? this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(sql, [...parameters], true);
      return { affected: result.affected ?? 0 };
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
  }

  /** The current transaction's manager, or the pool's outside one. */
  private get manager(): EntityManager {
    return transactionManager() ?? this.dataSource.manager;
  }

  /** TypeORM's mysql2 pool on MySQL/MariaDB without replicas (with them TypeORM holds a pool cluster instead); else `undefined`. */
  private mysqlPool(): Pool | undefined {
    if (this.dataSource.options.type !== 'mysql') return undefined;
    return (this.dataSource.driver as unknown as { pool?: Pool }).pool;
  }

  private execute(connection: PoolConnection | Pool, sql: string, parameters: StatementParameters): Promise<unknown> {
    this.dataSource.logger.logQuery(sql, [...parameters]);
    return new Promise((resolve, reject) => {
      connection.execute(sql, parameters as (string | number | null)[], (error, result) => {
        if (!error) return resolve(result);
        this.dataSource.logger.logQueryError(error, sql, [...parameters]);
        reject(new QueryFailedError(sql, [...parameters], error));
      });
    });
  }
}

/**
 * The mysql2 connection of `manager`'s transaction on MySQL/MariaDB
 * (TypeORM's query runner holds it from `START TRANSACTION` to its release);
 * `undefined` on SQLite or outside a transaction.
 */
function transactionConnection(manager: EntityManager): PoolConnection | undefined {
  const runner = manager.queryRunner as { databaseConnection?: PoolConnection; isTransactionActive?: boolean } | undefined;
  if (!runner?.isTransactionActive || manager.connection.options.type !== 'mysql') return undefined;
  return runner.databaseConnection;
}
