import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { EventsService } from './events.service.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { OutboxRepository } from './outbox.repository.js';

/** The transactional outbox of contract §8: services record events here. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEventEntity])],
  providers: [EventsService, OutboxRepository],
  exports: [EventsService, OutboxRepository],
})
export class EventsModule {}
