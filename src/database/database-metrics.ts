import { Injectable, Optional } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';

import { DependencyMetrics } from '../metrics/dependency-metrics.service.js';
import { MetricsRegistry } from '../metrics/metrics-registry.js';
import { ReplicaSet } from './replicas/replica-set.js';

/** The parts of a mysql2 pool the gauges read (its own queues; mysql2 has no public statistics). */
interface Mysql2Pool {
  readonly config: { readonly connectionLimit: number };
  readonly _allConnections: { readonly length: number };
  readonly _freeConnections: { readonly length: number };
  readonly _connectionQueue: { readonly length: number };
}

/** One pool and its `pool` label: `primary`, or a read replica's `host:port`. */
interface NamedPool {
  readonly pool: string;
  readonly stats: Mysql2Pool;
}

/**
 * The database's metrics on `/metrics` (docs/operations.md#health-metrics-logs-api-document), in the
 * API and the worker (the CLI has no metrics):
 * - the `database` probe of `accounts_dependency_up` (`SELECT 1`);
 * - of each MySQL/MariaDB connection pool (`pool`: `primary`, or a replica's
 *   `host:port`): `accounts_db_pool_connections{pool,state="in_use"|"idle"}`,
 *   `accounts_db_pool_waiting_requests{pool}` (statements waiting for a
 *   connection: the pool is exhausted) and `accounts_db_pool_max_connections{pool}`.
 *   Read from the process's memory, so they stay served while the database
 *   is down. SQLite has no pool and no such series.
 */
@Injectable()
export class DatabaseMetrics {
  constructor(
    dataSource: DataSource,
    replicas: ReplicaSet,
    @Optional() registry?: MetricsRegistry,
    @Optional() dependencies?: DependencyMetrics,
  ) {
    if (!registry || !dependencies) return;
    dependencies.register('database', async () => {
      await dataSource.query('SELECT 1');
    });
    const pools = () => namedPools(dataSource, replicas);
    new Gauge({
      name: 'accounts_db_pool_connections',
      help: 'Connections of the database pool, by state: in_use (lent to a statement or transaction) or idle.',
      labelNames: ['pool', 'state'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { pool, stats } of pools()) {
          const idle = stats._freeConnections.length;
          this.set({ pool, state: 'in_use' }, Math.max(0, stats._allConnections.length - idle));
          this.set({ pool, state: 'idle' }, idle);
        }
      },
    });
    new Gauge({
      name: 'accounts_db_pool_waiting_requests',
      help: 'Requests for a connection waiting because every connection of the pool is in use.',
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { pool, stats } of pools()) this.set({ pool }, stats._connectionQueue.length);
      },
    });
    new Gauge({
      name: 'accounts_db_pool_max_connections',
      help: 'The most connections the pool opens.',
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { pool, stats } of pools()) this.set({ pool }, stats.config.connectionLimit);
      },
    });
  }
}

/** The MySQL driver's pools: one, or with read replicas TypeORM's pool cluster (`MASTER`, `SLAVE0`, ...); none on SQLite. */
function namedPools(dataSource: DataSource, replicas: ReplicaSet): NamedPool[] {
  const driver = dataSource.driver as { pool?: Mysql2Pool; poolCluster?: { _nodes: Record<string, { pool: Mysql2Pool }> } };
  if (!dataSource.isInitialized || dataSource.options.type !== 'mysql') return [];
  if (driver.pool) return [{ pool: 'primary', stats: driver.pool }];
  const names = replicas.statuses().map((status) => status.replica);
  // The primary first, then the replicas in configuration order.
  return Object.entries(driver.poolCluster?._nodes ?? {})
    .sort(([a], [b]) => (a === 'MASTER' ? -1 : b === 'MASTER' ? 1 : Number(a.replace('SLAVE', '')) - Number(b.replace('SLAVE', ''))))
    .map(([id, node]) => ({ pool: id === 'MASTER' ? 'primary' : (names[Number(id.replace('SLAVE', ''))] ?? id), stats: node.pool }));
}
