import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbackEntity } from './callback.entity.js';
import { CallbacksRepository } from './callbacks.repository.js';

/**
 * The `callbacks` table's one provider (docs/architecture.md#tables): the callbacks feature
 * and delivery (which reads each callback's URL and secret and records its
 * health) share this {@link CallbacksRepository}. No routes, so the worker
 * and the CLI import it without the callbacks API.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CallbackEntity])],
  providers: [CallbacksRepository],
  exports: [CallbacksRepository],
})
export class CallbacksStoreModule {}
