import { type DynamicModule, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app-config.js';
import { connectWithRetry } from './connect-with-retry.js';
import { dataSourceOptions } from './data-source-options.js';
import { SCHEMA_MIGRATED_AT_START, runMigrations } from './migration-runner.js';
import { PreparedReads } from './prepared-reads.js';
import { Transactions } from './transactions.js';

/** Applies migrations when the module starts, if asked to. */
@Injectable()
class MigrationsOnStart implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SCHEMA_MIGRATED_AT_START) private readonly enabled: boolean,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    const applied = await runMigrations(this.dataSource);
    if (applied.length > 0) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
  }
}

/**
 * The TypeORM connection for the configured backend (contract §9), and
 * {@link PreparedReads} for the credential checks and the read model.
 * `migrate: true` applies pending migrations at start (API and worker);
 * the CLI passes `false` and runs them on demand.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: { migrate: boolean }): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig): TypeOrmModuleOptions => ({
            ...dataSourceOptions(config.database),
            autoLoadEntities: true,
            // connectWithRetry makes the attempts and logs them; Nest's own retry (and its stack traces) is off.
            retryAttempts: config.databaseConnectAttempts,
            toRetry: () => false,
          }),
          dataSourceFactory: (options) => connectWithRetry(options!, (options as TypeOrmModuleOptions).retryAttempts ?? 1),
        }),
      ],
      providers: [{ provide: SCHEMA_MIGRATED_AT_START, useValue: options.migrate }, MigrationsOnStart, PreparedReads, Transactions],
      exports: [PreparedReads, Transactions, SCHEMA_MIGRATED_AT_START],
    };
  }
}
