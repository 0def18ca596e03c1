import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbackEpochRepository } from './callback-epoch.repository.js';
import { EventsService } from './events.service.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber.js';
import { OutboxSignal } from './outbox-signal.js';

/** The transactional outbox of docs/api.md#events: services record events here. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEventEntity])],
  providers: [EventsService, OutboxRepository, OutboxSignal, OutboxCommitSubscriber, CallbackEpochRepository],
  exports: [EventsService, OutboxRepository, OutboxSignal],
})
export class EventsModule {}
