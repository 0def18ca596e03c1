import { type DynamicModule, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app-config.js';
import { connectWithRetry } from './connect-with-retry.js';
import { DatabaseMetrics } from './database-metrics.js';
import { dataSourceOptions } from './data-source-options.js';
import { checkMigrations, runMigrations, SCHEMA_MIGRATED_AT_START } from './migration-runner.js';
import { PreparedReads } from './prepared-reads.js';
import { PreparedStatements } from './prepared-statements.js';
import { ReplicaLagMonitor } from './replicas/replica-lag.monitor.js';
import { ReplicaReadInterceptor } from './replicas/replica-read.interceptor.js';
import { ReplicaRouting } from './replicas/replica-routing.js';
import { ReplicaSet } from './replicas/replica-set.js';
import { Transactions } from './transactions.js';

/** Applies pending migrations when the module starts, if asked to; with `MIGRATIONS_AT_START=check`, only checks that none is pending. */
@Injectable()
class MigrationsOnStart implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    @Inject(SCHEMA_MIGRATED_AT_START) private readonly enabled: boolean,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    if (this.config.migrationsAtStart === 'check') return checkMigrations(this.dataSource);
    const applied = await runMigrations(this.dataSource);
    if (applied.length > 0) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
  }
}

/**
 * The TypeORM connection for the configured backend (docs/api.md#operating), and
 * {@link PreparedReads} for the credential checks and the read model,
 * {@link PreparedStatements} for the write transactions' statements.
 * `migrate: true` applies pending migrations at start (API and worker), or with
 * `MIGRATIONS_AT_START=check` stops the process when one is pending;
 * the CLI passes `false` and runs them on demand. `readReplicas: true` (the
 * API) sends public reads without credentials to the `DATABASE_REPLICA_URLS`
 * and watches their lag (docs/api.md#scaling); other processes use the primary only.
 * The interceptor that routes those reads is installed only when
 * `replicasConfigured` (`DATABASE_REPLICA_URLS` names a replica): without
 * replicas no route pays for it.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: { migrate: boolean; readReplicas?: boolean; replicasConfigured?: boolean }): DynamicModule {
    const routeReads = options.readReplicas === true && options.replicasConfigured === true;
    return {
      module: DatabaseModule,
      // Global: every repository, reader and write service takes Transactions (one pool per process, configured
      // by the root with `migrate` and `readReplicas`); feature modules cannot configure it themselves.
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig): TypeOrmModuleOptions => ({
            ...dataSourceOptions(config.database, [], options.readReplicas ? config.databaseReplicaUrls : []),
            autoLoadEntities: true,
            // connectWithRetry makes the attempts and logs them; Nest's own retry (and its stack traces) is off.
            retryAttempts: config.databaseConnectAttempts,
            toRetry: () => false,
          }),
          dataSourceFactory: (options) => connectWithRetry(options!, (options as TypeOrmModuleOptions).retryAttempts ?? 1),
        }),
      ],
      providers: [
        { provide: SCHEMA_MIGRATED_AT_START, useValue: options.migrate },
        MigrationsOnStart,
        DatabaseMetrics,
        PreparedReads,
        PreparedStatements,
        Transactions,
        {
          provide: ReplicaSet,
          inject: [AppConfig],
          useFactory: (config: AppConfig) => new ReplicaSet(options.readReplicas ? config.databaseReplicaUrls : []),
        },
        ReplicaRouting,
        ...(options.readReplicas ? [ReplicaLagMonitor] : []),
        ...(routeReads ? [{ provide: APP_INTERCEPTOR, useClass: ReplicaReadInterceptor }] : []),
      ],
      exports: [PreparedReads, PreparedStatements, Transactions, ReplicaSet, SCHEMA_MIGRATED_AT_START],
    };
  }
}
