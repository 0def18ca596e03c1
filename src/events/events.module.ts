import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AccountEventSequenceEntity } from './account-event-sequence.entity.js';
import { AccountEventSequenceRepository } from './account-event-sequence.repository.js';
import { CallbackEpochRepository } from './callback-epoch.repository.js';
import { DELIVERY_OUTBOX } from './delivery-outbox.js';
import { EventsService } from './events.service.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber.js';
import { OutboxSignal } from './outbox-signal.js';
import { ClockModule } from '../clock/clock.module.js';

/** The transactional outbox of docs/api.md#events: services record events here. */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([OutboxEventEntity, AccountEventSequenceEntity])],
  providers: [
    EventsService,
    OutboxRepository,
    { provide: DELIVERY_OUTBOX, useExisting: OutboxRepository },
    OutboxSignal,
    OutboxCommitSubscriber,
    CallbackEpochRepository,
    AccountEventSequenceRepository,
  ],
  exports: [EventsService, DELIVERY_OUTBOX, OutboxSignal],
})
export class EventsModule {}
