import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbackEntity } from '../callbacks/callback.entity.js';
import { CallbacksStoreModule } from '../callbacks/callbacks-store.module.js';
import { EventsModule } from '../events/events.module.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryAttemptEntity } from './delivery-attempt.entity.js';

/** Operators' access to deliveries (CLI): list, prune and redeliver, database only. */
@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity, CallbackEntity]), CallbacksStoreModule, EventsModule],
  providers: [DeliveriesService, DeliveriesRepository],
  exports: [DeliveriesService],
})
export class DeliveryAdminModule {}
