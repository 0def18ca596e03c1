import { Module } from '@nestjs/common';

import { CallbacksStoreModule } from '../../callbacks/callbacks-store.module.js';
import { EventsModule } from '../../events/events.module.js';
import { ReadModelModule } from '../../read-model/read-model.module.js';
import { DeliveryStoreModule } from '../delivery-store.module.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { DeliveryLogService } from './delivery-log.service.js';
import { ClockModule } from '../../clock/clock.module.js';

/** Apps' delivery log (docs/api.md#delivery-log): the HTTP door to the store the CLI reads too. */
@Module({
  imports: [ClockModule, DeliveryStoreModule, CallbacksStoreModule, EventsModule, ReadModelModule],
  controllers: [DeliveryLogController],
  providers: [DeliveryLogService],
})
export class DeliveryLogModule {}
