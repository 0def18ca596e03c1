import { Module } from '@nestjs/common';

import { EventsModule } from '../../events/events.module.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryStoreModule } from '../delivery-store.module.js';
import { ClockModule } from '../../clock/clock.module.js';

/** Operators' access to deliveries (CLI): list, prune and redeliver, database only. */
@Module({
  imports: [ClockModule, DeliveryStoreModule, EventsModule],
  providers: [DeliveriesService],
  exports: [DeliveriesService],
})
export class DeliveryAdminModule {}
