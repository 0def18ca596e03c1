import { type DynamicModule, Module } from '@nestjs/common';

import { AccountsModule } from './accounts/accounts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AwardsModule } from './awards/awards.module.js';
import { CallbacksModule } from './callbacks/callbacks.module.js';
import { ClockModule } from './clock/clock.module.js';
import type { AppConfig } from './config/app-config.js';
import { AppConfigModule, readAppConfig } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { DeliveryLogModule } from './delivery/log/delivery-log.module.js';
import { HealthModule } from './health/health.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { LoggingModule } from './logging/logging.module.js';
import type { PinoLoggerService } from './logging/pino-logger.service.js';
import { createProcessLogger } from './logging/process-logger.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { TeamsModule } from './teams/teams.module.js';

/** The HTTP API: every domain module plus shared infrastructure. */
@Module({})
export class AppModule {
  /**
   * @param config the configuration; read from the environment when omitted.
   * @param options.logger the process's logger (`createProcessLogger`); one on standard output when omitted.
   */
  static forRoot(config?: AppConfig, options: { logger?: PinoLoggerService } = {}): DynamicModule {
    const resolved = config ?? readAppConfig();
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(resolved),
        LoggingModule.forRoot(options.logger ?? createProcessLogger(resolved)),
        MetricsModule,
        ClockModule,
        DatabaseModule.forRoot({ migrate: true, readReplicas: true, replicasConfigured: resolved.databaseReplicaUrls.length > 0 }),
        // Global guards run in registration order: the rate limit after authentication, so that
        // it counts per principal (failed authentications are counted by the auth guard).
        AuthModule,
        RateLimitModule.forRoot(resolved.rateLimit),
        AccountsModule,
        TeamsModule,
        AwardsModule,
        CallbacksModule,
        IdempotencyModule,
        DeliveryModule.forRoot(resolved, { worker: false }),
        DeliveryLogModule,
        HealthModule.forRoot({ redis: 'reported' }),
      ],
    };
  }
}
