import { Injectable } from '@nestjs/common';
import { DataSource, type EntitySubscriberInterface, type TransactionCommitEvent } from 'typeorm';

import { transactionManager } from '../database/current-transaction.js';
import { OutboxSignal } from './outbox-signal.js';

/** The query runner's `data` key set while its transaction has recorded events. */
const RECORDED_EVENTS = 'outboxRecordedEvents';

/**
 * Raises the {@link OutboxSignal} after the commit of a transaction that
 * recorded events (marked by {@link markEventsRecorded}); a rolled-back one
 * raises nothing. Registers itself on the TypeORM `DataSource`.
 */
@Injectable()
export class OutboxCommitSubscriber implements EntitySubscriberInterface {
  constructor(
    dataSource: DataSource,
    private readonly signal: OutboxSignal,
  ) {
    dataSource.subscribers.push(this);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (!event.queryRunner.data?.[RECORDED_EVENTS]) return;
    delete event.queryRunner.data[RECORDED_EVENTS];
    this.signal.committed();
  }
}

/** Marks the current transaction (`Transactions.run`) as one that recorded events (no-op outside a transaction). */
export function markEventsRecorded(): void {
  const runner = transactionManager()?.queryRunner;
  if (runner) runner.data = { ...runner.data, [RECORDED_EVENTS]: true };
}
