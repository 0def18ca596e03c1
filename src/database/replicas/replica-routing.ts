import { Injectable } from '@nestjs/common';
import type { PoolCluster, PoolConnection } from 'mysql2';
import { DataSource, type QueryRunner } from 'typeorm';

import { mayReadReplica } from './replica-scope.js';
import { ReplicaSet } from './replica-set.js';

/** The parts of TypeORM's MySQL driver this class builds on (`replication` option: a mysql2 PoolCluster of MASTER and SLAVE<i>). */
interface ReplicatedDriver {
  isReplicated: boolean;
  poolCluster: PoolCluster;
  createQueryRunner(mode: 'master' | 'slave'): QueryRunner;
  obtainMasterConnection(): Promise<PoolConnection>;
  obtainSlaveConnection(): Promise<PoolConnection>;
  prepareDbConnection(connection: PoolConnection): PoolConnection;
}

/** A pooled connection and the replica it belongs to (`undefined`: the primary). */
export interface RoutedConnection {
  readonly connection: PoolConnection;
  readonly replica: number | undefined;
}

/**
 * Sends the statements of {@link onReplica} work to an available read replica
 * (docs/api.md#scaling), everything else to the primary, on TypeORM's own
 * `replication` setup: a query runner made inside that scope is a `slave`
 * runner, every other one a `master` runner (whatever mode TypeORM asked for),
 * and a `slave` runner's connection comes from {@link ReplicaSet.pick}
 * instead of mysql2's round robin over every replica, healthy or not.
 *
 * A statement that fails on a replica runs again on the primary, and a
 * replica whose connection failed leaves the rotation at once, so losing a
 * replica costs no error. Without replicas (or on SQLite) nothing changes.
 */
@Injectable()
export class ReplicaRouting {
  private readonly driver: ReplicatedDriver | undefined;

  constructor(
    dataSource: DataSource,
    private readonly replicas: ReplicaSet,
  ) {
    const driver = dataSource.driver as unknown as ReplicatedDriver;
    if (!driver.isReplicated || replicas.size === 0) return;
    this.driver = driver;
    const createQueryRunner = driver.createQueryRunner.bind(driver);
    driver.createQueryRunner = () =>
      mayReadReplica() ? this.fallingBack(createQueryRunner('slave'), createQueryRunner) : createQueryRunner('master');
    driver.obtainSlaveConnection = async () => (await this.readConnection()).connection;
  }

  /** Whether reads may go to replicas in this process. */
  get enabled(): boolean {
    return this.driver !== undefined;
  }

  /**
   * A pooled connection for a read: an available replica inside
   * {@link onReplica} work, otherwise (or when none is available, or its
   * connection fails) the primary. The caller releases it.
   */
  async readConnection(): Promise<RoutedConnection> {
    const driver = this.driver!;
    const replica = mayReadReplica() ? this.replicas.pick() : undefined;
    if (replica !== undefined) {
      try {
        return { connection: driver.prepareDbConnection(await this.nodeConnection(`SLAVE${replica}`)), replica };
      } catch (error) {
        this.replicas.recordFailure(replica, describeError(error));
      }
    }
    return { connection: await driver.obtainMasterConnection(), replica: undefined };
  }

  /** A connection of replica `index` for its lag check, or of the primary (`undefined`); the caller releases it. */
  checkConnection(index: number | undefined): Promise<PoolConnection> {
    return this.nodeConnection(index === undefined ? 'MASTER' : `SLAVE${index}`);
  }

  /** Notes that a statement failed on `replica`; a lost connection takes it out of rotation. */
  statementFailed(replica: number, error: unknown): void {
    if (isConnectionError(error)) this.replicas.recordFailure(replica, describeError(error));
  }

  private nodeConnection(node: string): Promise<PoolConnection> {
    return new Promise((resolve, reject) => {
      this.driver!.poolCluster.of(node).getConnection((error, connection) => (error ? reject(error) : resolve(connection)));
    });
  }

  /** `runner` (a `slave` runner), whose failed statements run again on a `master` runner. */
  private fallingBack(runner: QueryRunner, create: (mode: 'master') => QueryRunner): QueryRunner {
    const query = runner.query.bind(runner);
    runner.query = (async (...args: Parameters<QueryRunner['query']>) => {
      try {
        return await query(...args);
      } catch (error) {
        const replica = replicaOf(runner);
        if (replica === undefined) throw error;
        this.statementFailed(replica, error);
        const primary = create('master');
        try {
          return await primary.query(...args);
        } finally {
          await primary.release();
        }
      }
    }) as QueryRunner['query'];
    return runner;
  }
}

/** The replica a runner's connection came from (mysql2 marks pooled connections with their cluster node). */
function replicaOf(runner: QueryRunner): number | undefined {
  const id = (runner as unknown as { databaseConnection?: { _clusterId?: string } }).databaseConnection?._clusterId;
  const match = id === undefined ? null : /^SLAVE(\d+)$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CON_COUNT_ERROR',
]);

/** Whether `error` (a mysql2 error, possibly wrapped in TypeORM's QueryFailedError) means the server is out of reach. */
export function isConnectionError(error: unknown): boolean {
  const candidate = error as { code?: string; fatal?: boolean; driverError?: { code?: string; fatal?: boolean } };
  const driverError = candidate.driverError ?? candidate;
  return driverError.fatal === true || (driverError.code !== undefined && CONNECTION_ERRORS.has(driverError.code));
}

/** A short reason for logs and the readiness body. */
export function describeError(error: unknown): string {
  const candidate = error as { code?: string; message?: string; driverError?: { code?: string; message?: string } };
  const driverError = candidate.driverError ?? candidate;
  return driverError.code ? `${driverError.code}: ${driverError.message ?? ''}`.trim() : String(driverError.message ?? error);
}
