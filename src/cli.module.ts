import { CallbacksModule } from './callbacks/callbacks.module.js';
import { type DynamicModule, Module } from '@nestjs/common';

import { AccountsModule } from './accounts/accounts.module.js';
import { AuthModule } from './auth/auth.module.js';
import type { AppConfig } from './config/app-config.js';
import { ClockModule } from './clock/clock.module.js';
import { AppConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DeliveryAdminModule } from './delivery/admin/delivery-admin.module.js';
import { ReadModelModule } from './read-model/read-model.module.js';

/**
 * The modules the operator CLI (docs/api.md#operating, `src/cli/run-cli.ts`) runs its commands, on `config`,
 * over, the same as the API's (the read model: `deliveries list` reads the apps' delivery log). `migrate: true` brings the schema up to date
 * when the context opens (every command but `migrations run`, which applies
 * them itself and reports).
 */
@Module({})
export class CliModule {
  static forRoot(options: { config: AppConfig; migrate: boolean }): DynamicModule {
    return {
      module: CliModule,
      imports: [
        AppConfigModule.forRoot(options.config),
        ClockModule,
        DatabaseModule.forRoot({ migrate: options.migrate }),
        AuthModule,
        AccountsModule,
        CallbacksModule,
        DeliveryAdminModule,
        ReadModelModule,
      ],
    };
  }
}
