import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';

import { RedisModule } from '../redis/redis.module.js';
import { HealthController } from './health.controller.js';
import { RedisHealthIndicator } from './redis.health.js';

/** `GET /health/live` and `GET /health/ready`, for the API and the worker. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), RedisModule],
  controllers: [HealthController],
  providers: [RedisHealthIndicator],
})
export class HealthModule {}
