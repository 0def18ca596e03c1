import { Module } from '@nestjs/common';

import { SerializationModule } from '../serialization/serialization.module.js';
import { EventsService } from './events.service.js';

/** The transactional outbox of contract §8: services record events here. */
@Module({
  imports: [SerializationModule],
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
