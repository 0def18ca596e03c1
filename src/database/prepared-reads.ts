import { Injectable } from '@nestjs/common';
import type { Pool } from 'mysql2';
import type { Pool as PromisePool } from 'mysql2/promise';
import { DataSource, QueryFailedError } from 'typeorm';

import { transactionManager } from './current-transaction.js';

import { PreparedStatements } from './prepared-statements.js';
import { ReplicaRouting } from './replicas/replica-routing.js';
import { onPrimary } from './replicas/replica-scope.js';

/**
 * Runs the read path's fixed-shape SELECTs. Outside a transaction on
 * MySQL/MariaDB they run as server-side prepared statements (mysql2
 * `execute`): each pooled connection has a statement parsed and planned once,
 * then sends only its parameters, which about halves MariaDB's CPU for a
 * one-statement read. Inside the current transaction (`Transactions.run`)
 * they run as {@link PreparedStatements} on the transaction's connection; on
 * SQLite they go through `Transactions.manager` as usual. Every statement is
 * handed to TypeORM's logger like any other query.
 *
 * Only for statements whose text does not vary with the data (no `IN` list
 * of variable length): each pooled connection keeps at most
 * `maxPreparedStatements` of them (data-source-options.ts).
 *
 * With read replicas, the connection comes from {@link ReplicaRouting}: an
 * available replica for public reads without credentials, else the primary;
 * a statement that fails on a replica runs again on the primary.
 */
@Injectable()
export class PreparedReads {
  private pool: PromisePool | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly routing: ReplicaRouting,
    private readonly statements: PreparedStatements,
  ) {}

  /**
   * The rows of `sql` with `parameters` (strings, numbers or null).
   *
   * @throws QueryFailedError as `EntityManager.query` would.
   */
  async select<T>(sql: string, parameters: readonly (string | number | null)[]): Promise<T[]> {
    const transaction = transactionManager();
    if (this.dataSource.options.type !== 'mysql') return (transaction ?? this.dataSource.manager).query(sql, [...parameters]);
    if (transaction) return this.statements.select<T>(sql, parameters);
    this.dataSource.logger.logQuery(sql, [...parameters]);
    try {
      return this.routing.enabled ? await this.executeRouted<T>(sql, parameters) : await this.executeOnPool<T>(sql, parameters);
    } catch (error) {
      this.dataSource.logger.logQueryError(error as Error, sql, [...parameters]);
      throw new QueryFailedError(sql, [...parameters], error as Error);
    }
  }

  /** On TypeORM's own mysql2 pool, created when the data source was initialised. */
  private async executeOnPool<T>(sql: string, parameters: readonly (string | number | null)[]): Promise<T[]> {
    this.pool ??= (this.dataSource.driver as unknown as { pool: Pool }).pool.promise();
    const [rows] = await this.pool.execute(sql, [...parameters]);
    return rows as T[];
  }

  /** On the connection {@link ReplicaRouting} picks, again on the primary when it was a replica's and failed. */
  private async executeRouted<T>(sql: string, parameters: readonly (string | number | null)[]): Promise<T[]> {
    const { connection, replica } = await this.routing.readConnection();
    try {
      const [rows] = await connection.promise().execute(sql, [...parameters]);
      return rows as T[];
    } catch (error) {
      if (replica === undefined) throw error;
      this.routing.statementFailed(replica, error);
      return onPrimary(() => this.executeRouted<T>(sql, parameters));
    } finally {
      connection.release();
    }
  }
}
