import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbackEntity } from './callback.entity.js';
import { CallbacksRepository } from './callbacks.repository.js';
import { DELIVERY_CALLBACKS } from './delivery-callbacks.js';

/**
 * The `callbacks` table's one provider (docs/architecture.md#tables): the
 * callbacks feature's {@link CallbacksRepository}, and the same instance as the
 * narrow port delivery/ uses (`DeliveryCallbacks`: it reads each callback's URL
 * and secret and records its health). No routes, so the worker and the CLI
 * import it without the callbacks API.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CallbackEntity])],
  providers: [CallbacksRepository, { provide: DELIVERY_CALLBACKS, useExisting: CallbacksRepository }],
  exports: [CallbacksRepository, DELIVERY_CALLBACKS],
})
export class CallbacksStoreModule {}
