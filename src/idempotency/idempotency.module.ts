import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';

import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { IdempotencyKeysPruner } from './idempotency-keys.pruner.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { InFlightKeys } from './in-flight-keys.js';

/**
 * `Idempotency-Key` on the write routes marked `@IdempotentWrite()` (the
 * interceptor, global), the table of stored answers and its pruning. API only.
 */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyEntity])],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
    IdempotencyKeysRepository,
    InFlightKeys,
    IdempotencyKeysPruner,
  ],
})
export class IdempotencyModule {}
