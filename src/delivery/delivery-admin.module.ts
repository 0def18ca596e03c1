import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { DeliveriesService } from './deliveries.service.js';
import { CallbackEntity } from '../callbacks/callback.entity.js';
import { DeliveryEntity } from './delivery.entity.js';

/** Operators' access to deliveries (CLI): list and redeliver, database only. */
@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, CallbackEntity])],
  providers: [DeliveriesService],
  exports: [DeliveriesService],
})
export class DeliveryAdminModule {}
