import { type DynamicModule, Module } from '@nestjs/common';

import { ClockModule } from './clock/clock.module.js';
import type { AppConfig } from './config/app-config.js';
import { AppConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { HealthModule } from './health/health.module.js';
import { LoggingModule } from './logging/logging.module.js';
import type { PinoLoggerService } from './logging/pino-logger.service.js';
import { MetricsModule } from './metrics/metrics.module.js';

/**
 * The delivery worker process (docs/api.md#operating, `node dist/worker.js`): the
 * BullMQ worker sending callbacks plus the outbox relay, and its probes and
 * metrics (served only on `WORKER_PORT`). Needs `REDIS_URL`.
 */
@Module({})
export class WorkerModule {
  /**
   * @param logger the process's logger (`createProcessLogger`), also Nest's.
   * @throws Error when `config` has no `REDIS_URL`.
   */
  static forRoot(config: AppConfig, logger: PinoLoggerService): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        MetricsModule,
        ClockModule,
        DatabaseModule.forRoot({ migrate: true }),
        DeliveryModule.forRoot(config, { worker: true }),
        HealthModule.forRoot({ redis: 'required' }),
      ],
    };
  }
}
