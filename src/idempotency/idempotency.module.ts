import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { IdempotencyKeysPruner } from './idempotency-keys.pruner.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { InFlightKeys } from './in-flight-keys.js';
import { ClockModule } from '../clock/clock.module.js';

/**
 * `Idempotency-Key` on the write routes marked `@IdempotentWrite()` (which
 * applies `IdempotencyInterceptor` to each of them): the table of stored
 * answers, the keys in flight and the pruning. API only.
 */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([IdempotencyKeyEntity])],
  providers: [IdempotencyKeysRepository, InFlightKeys, IdempotencyKeysPruner],
})
export class IdempotencyModule {}
