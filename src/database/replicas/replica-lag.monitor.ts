import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { PoolConnection } from 'mysql2';
import { Gauge } from 'prom-client';

import { AppConfig } from '../../config/app-config.js';
import { MetricsRegistry } from '../../metrics/metrics-registry.js';
import { describeError, ReplicaRouting } from './replica-routing.js';
import { ReplicaSet } from './replica-set.js';

/** How often the heartbeat is written and every replica's lag measured (milliseconds). */
export const HEARTBEAT_INTERVAL_MS = 250;

/** Longest wait for a replica to answer its check before it counts as unreachable (milliseconds). */
const CHECK_TIMEOUT_MS = 1000;

const READ_BEAT_SQL = 'SELECT beat FROM replication_heartbeat WHERE id = 1';
const WRITE_BEAT_SQL = 'UPDATE replication_heartbeat SET beat = UNIX_TIMESTAMP(NOW(6)) WHERE id = 1';

/**
 * Measures each read replica's lag with a heartbeat row (docs/decisions.md):
 * every {@link HEARTBEAT_INTERVAL_MS} it reads the primary's `beat`, each
 * replica's copy of it (lag = the difference, both stamped by the primary's
 * clock), then writes a new `beat` on the primary, which replication carries
 * to the replicas like any write. A replica within `REPLICA_MAX_LAG` serves
 * reads; one past it, unreachable, slower than {@link CHECK_TIMEOUT_MS} to
 * answer, or without the row serves none until a later check finds it caught
 * up ({@link ReplicaSet}). While the primary is unreachable the replicas keep
 * their last state. Exposes `db_replica_lag_seconds{replica}` and
 * `db_replica_available{replica}`. Runs in API processes with replicas.
 */
@Injectable()
export class ReplicaLagMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Replicas');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly routing: ReplicaRouting,
    private readonly replicas: ReplicaSet,
    private readonly config: AppConfig,
    @Optional() registry?: MetricsRegistry,
  ) {
    // Registered in every API process, so that dashboards and alerts find the metrics; without replicas they have no series.
    if (registry) this.registerMetrics(registry);
  }

  onApplicationBootstrap(): void {
    if (!this.routing.enabled) return;
    this.logger.log(
      `Public reads without credentials go to ${this.replicas.size} replica(s) within ${this.config.replicaMaxLagMs} ms of the primary`,
    );
    void this.check();
    this.timer = setInterval(() => void this.check(), HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: measure every replica against the primary's beat, then write the next beat. Never overlaps itself. */
  check(): Promise<void> {
    this.running ??= this.measure().finally(() => (this.running = undefined));
    return this.running;
  }

  private async measure(): Promise<void> {
    let primaryBeat: number | undefined;
    try {
      primaryBeat = await this.readBeat(undefined);
    } catch (error) {
      this.logger.debug(`Heartbeat: primary unreachable (${describeError(error)})`);
      return;
    }
    const maxLagSeconds = this.config.replicaMaxLagMs / 1000;
    await Promise.all(
      Array.from({ length: this.replicas.size }, async (_, index) => {
        try {
          const beat = await withTimeout(this.readBeat(index), CHECK_TIMEOUT_MS);
          if (beat === undefined || primaryBeat === undefined)
            this.replicas.recordFailure(index, 'no heartbeat row yet (migrations not replicated?)');
          else this.replicas.recordLag(index, Math.max(0, primaryBeat - beat), maxLagSeconds);
        } catch (error) {
          this.replicas.recordFailure(index, describeError(error));
        }
      }),
    );
    try {
      await this.run(undefined, WRITE_BEAT_SQL);
    } catch (error) {
      this.logger.debug(`Heartbeat: write failed (${describeError(error)})`);
    }
  }

  /** The `beat` seen by the primary (`undefined`) or replica `index`; `undefined` without the row. */
  private async readBeat(index: number | undefined): Promise<number | undefined> {
    const rows = (await this.run(index, READ_BEAT_SQL)) as { beat: number }[];
    return rows.length === 0 ? undefined : rows[0].beat;
  }

  private async run(index: number | undefined, sql: string): Promise<unknown> {
    const connection: PoolConnection = await this.routing.checkConnection(index);
    try {
      const [rows] = await connection.promise().query(sql);
      return rows;
    } finally {
      connection.release();
    }
  }

  private registerMetrics(registry: MetricsRegistry): void {
    const replicas = this.replicas;
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'Seconds the read replica is behind the primary, by heartbeat (absent while unreachable).',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        this.reset();
        for (const status of replicas.statuses())
          if (status.lag_seconds !== null) this.set({ replica: status.replica }, status.lag_seconds);
      },
    });
    new Gauge({
      name: 'db_replica_available',
      help: 'Whether the read replica serves reads (1) or is out of rotation (0: unreachable or past REPLICA_MAX_LAG).',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const status of replicas.statuses()) this.set({ replica: status.replica }, status.available ? 1 : 0);
      },
    });
  }
}

/** `promise`, or a rejection after `ms` milliseconds. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
