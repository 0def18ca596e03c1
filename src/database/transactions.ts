import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { runInTransaction } from './retrying-transaction.js';

/**
 * The one way a request writes (contract §6: a request's writes are one
 * transaction): {@link runInTransaction}, with deadlock and lock-wait retry.
 * Services take it instead of the `DataSource`; repositories do the reads and
 * writes with the `EntityManager` it hands out.
 */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction, again (up to four times in all) when
   * MySQL/MariaDB picks it as a deadlock victim; `work` must only touch the
   * database through `manager`.
   *
   * @throws whatever `work` throws, the last deadlock / lock-wait error, or
   *   CommitOutcomeUnknownException (504) when the connection was lost during COMMIT.
   */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return runInTransaction(this.dataSource, work);
  }

  /**
   * {@link run} at `READ COMMITTED` on MySQL/MariaDB (as is on SQLite): its
   * locking reads lock the rows they return and no gaps, so a work-queue claim
   * (`FOR UPDATE SKIP LOCKED` on the outbox or the deliveries) never blocks a
   * request inserting new rows behind it. Only for work whose correctness
   * rests on row locks and conditional updates, not on a stable snapshot.
   */
  runWithoutGapLocks<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'mysql') return this.run(work);
    return runInTransaction(this.dataSource, work, 'READ COMMITTED');
  }

  /** The manager outside any transaction, for reads on their own. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
