import { CallbacksModule } from './callbacks/callbacks.module.js';
import { type DynamicModule, Module } from '@nestjs/common';

import { AccountsModule } from './accounts/accounts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ClockModule } from './clock/clock.module.js';
import { AppConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DeliveryAdminModule } from './delivery/admin/delivery-admin.module.js';
import { ReadModelModule } from './read-model/read-model.module.js';

/**
 * The modules the operator CLI (docs/api.md#operating, `src/cli.ts`) runs its commands
 * over, the same as the API's (the read model: `deliveries list` reads the apps' delivery log). `migrate: true` brings the schema up to date
 * when the context opens (every command but `migrations run`, which applies
 * them itself and reports).
 */
@Module({})
export class CliModule {
  static forRoot(options: { migrate: boolean }): DynamicModule {
    return {
      module: CliModule,
      imports: [
        AppConfigModule.forRoot(),
        ClockModule,
        DatabaseModule.forRoot(options),
        AuthModule,
        AccountsModule,
        CallbacksModule,
        DeliveryAdminModule,
        ReadModelModule,
      ],
    };
  }
}
