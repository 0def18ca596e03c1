import { type DynamicModule, Module } from '@nestjs/common';

import { AccountsModule } from './accounts/accounts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AccountsCommand, AccountsSuperuserCommand } from './cli/accounts.command.js';
import { APPS_COMMANDS } from './cli/apps.command.js';
import { DELIVERIES_COMMANDS } from './cli/deliveries.command.js';
import { MigrationsCommand, MigrationsRunCommand } from './cli/migrations.command.js';
import { SessionsCommand, SessionsPruneCommand } from './cli/sessions.command.js';
import { ClockModule } from './clock/clock.module.js';
import { AppConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DeliveryAdminModule } from './delivery/delivery-admin.module.js';

/**
 * The operator CLI (docs/api.md#operating) over the same modules as the API.
 * `migrate: true` brings the schema up to date before the command runs
 * (every command but `migrations run`, which applies them itself and reports).
 */
@Module({})
export class CliModule {
  static forRoot(options: { migrate: boolean }): DynamicModule {
    return {
      module: CliModule,
      imports: [AppConfigModule.forRoot(), ClockModule, DatabaseModule.forRoot(options), AuthModule, AccountsModule, DeliveryAdminModule],
      providers: [
        ...APPS_COMMANDS,
        ...DELIVERIES_COMMANDS,
        AccountsCommand,
        AccountsSuperuserCommand,
        SessionsCommand,
        SessionsPruneCommand,
        MigrationsCommand,
        MigrationsRunCommand,
      ],
    };
  }
}
