import { type DynamicModule, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app-config.js';
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
 * The TypeORM connection for the configured backend (docs/api.md#operating), and
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
          useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.database), autoLoadEntities: true }),
        }),
      ],
      providers: [{ provide: SCHEMA_MIGRATED_AT_START, useValue: options.migrate }, MigrationsOnStart, PreparedReads, Transactions],
      exports: [PreparedReads, Transactions, SCHEMA_MIGRATED_AT_START],
    };
  }
}
