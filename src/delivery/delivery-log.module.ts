import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbackEntity } from '../callbacks/callback.entity.js';
import { CallbacksStoreModule } from '../callbacks/callbacks-store.module.js';
import { EventsModule } from '../events/events.module.js';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryRecoveriesRepository } from './delivery-recoveries.repository.js';
import { DeliveryAttemptEntity } from './delivery-attempt.entity.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { DeliveryLogService } from './delivery-log.service.js';

/** Apps' delivery log (docs/api.md#delivery-log): the HTTP door to the store the CLI reads too. */
@Module({
  imports: [
    TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity, CallbackEntity]),
    CallbacksStoreModule,
    EventsModule,
    ReadModelModule,
  ],
  controllers: [DeliveryLogController],
  providers: [DeliveryLogService, DeliveriesRepository, DeliveryRecoveriesRepository],
})
export class DeliveryLogModule {}
