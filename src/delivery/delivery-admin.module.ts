import { Module } from '@nestjs/common';

import { DeliveriesService } from './deliveries.service.js';

/** Operators' access to deliveries (CLI): list and redeliver, database only. */
@Module({
  providers: [DeliveriesService],
  exports: [DeliveriesService],
})
export class DeliveryAdminModule {}
