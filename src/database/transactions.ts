import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { onPrimary } from './replicas/replica-scope.js';
import { pendingParticipant } from './request-transaction.js';
import { runInTransaction } from './retrying-transaction.js';

/**
 * The one way a request writes (docs/api.md#validation: a request's writes are one
 * transaction): {@link runInTransaction}, with deadlock and lock-wait retry.
 * Services take it instead of the `DataSource`; repositories do the reads and
 * writes with the `EntityManager` it hands out. Its work always runs on the
 * primary, even in a request whose reads may go to a replica (docs/api.md#scaling).
 */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction, again (up to four times in all) when
   * MySQL/MariaDB picks it as a deadlock victim; `work` must only touch the
   * database through `manager`. The request's transaction participant (the
   * answer stored for an `Idempotency-Key`, `request-transaction.ts`) is
   * written in the same transaction, after `work`.
   *
   * @throws whatever `work` throws, the last deadlock / lock-wait error, or
   *   CommitOutcomeUnknownException (504) when the connection was lost during COMMIT.
   */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const pending = pendingParticipant();
    if (!pending) return onPrimary(() => runInTransaction(this.dataSource, work));
    return onPrimary(() =>
      runInTransaction(this.dataSource, async (manager) => {
        const result = await work(manager);
        await pending.participant.beforeCommit(manager, result);
        return result;
      }),
    ).then((result) => {
      pending.committed();
      return result;
    });
  }

  /**
   * {@link run} at `READ COMMITTED` on MySQL/MariaDB (as is on SQLite): its
   * locking reads lock the rows they return and no gaps, so a work-queue claim
   * (`FOR UPDATE SKIP LOCKED` on the outbox or the deliveries) never blocks a
   * request inserting new rows behind it. Only for work whose correctness
   * rests on row locks and conditional updates, not on a stable snapshot.
   */
  runWithoutGapLocks<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return onPrimary(() =>
      runInTransaction(this.dataSource, work, this.dataSource.options.type === 'mysql' ? 'READ COMMITTED' : undefined),
    );
  }

  /** The manager outside any transaction, for reads on their own. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
