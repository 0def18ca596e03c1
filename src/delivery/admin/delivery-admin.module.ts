import { Module } from '@nestjs/common';

import { EventsModule } from '../../events/events.module.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryStoreModule } from '../delivery-store.module.js';

/** Operators' access to deliveries (CLI): list, prune and redeliver, database only. */
@Module({
  imports: [DeliveryStoreModule, EventsModule],
  providers: [DeliveriesService],
  exports: [DeliveriesService],
})
export class DeliveryAdminModule {}
