import { type DynamicModule, Module } from '@nestjs/common';

import { AccountsModule } from './accounts/accounts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ClockModule } from './clock/clock.module.js';
import type { AppConfig } from './config/app-config.js';
import { AppConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { TeamsModule } from './teams/teams.module.js';

/** The HTTP API: every domain module plus shared infrastructure. */
@Module({})
export class AppModule {
  /** @param config the configuration; read from the environment when omitted. */
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [AppConfigModule.forRoot(config), ClockModule, DatabaseModule.forRoot({ migrate: true }), AuthModule, AccountsModule, TeamsModule],
    };
  }
}
