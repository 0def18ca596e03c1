import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';

import { RedisModule } from '../redis/redis.module.js';
import { HealthController } from './health.controller.js';
import { READINESS_OPTIONS, type ReadinessOptions } from './readiness-options.js';
import { RedisHealthIndicator } from './redis.health.js';

/** `GET /health/live` and `GET /health/ready`, for the API and the worker. */
@Module({})
export class HealthModule {
  /** @param options what readiness requires besides the database (the API: Redis reported only; the worker: required). */
  static forRoot(options: ReadinessOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), RedisModule],
      controllers: [HealthController],
      providers: [RedisHealthIndicator, { provide: READINESS_OPTIONS, useValue: options }],
    };
  }
}
