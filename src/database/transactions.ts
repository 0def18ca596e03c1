import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { inTransactionScope, transactionManager } from './current-transaction.js';
import { onPrimary } from './replicas/replica-scope.js';
import { pendingParticipant } from './request-transaction.js';
import { retryOnLockConflict, runInTransaction } from './retrying-transaction.js';

/**
 * The one way a request writes (docs/api.md#validation: a request's writes are one
 * transaction), and the one way code reaches the database
 * (docs/architecture.md#transactions). {@link run} runs work in a transaction
 * ({@link runInTransaction}, with deadlock and lock-wait retry) that is held
 * in the async context, and {@link manager} is that transaction's
 * `EntityManager` inside it, the pool's outside: repositories, the read model
 * and services never pass a manager around, so a statement inside `run`
 * cannot run outside its transaction by mistake. Its work always runs on the
 * primary, even in a request whose reads may go to a replica (docs/api.md#scaling).
 */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction, again (up to four times in all) when
   * MySQL/MariaDB picks it as a deadlock victim; every statement `work` runs
   * through {@link manager} (and so every repository call) is in that
   * transaction. A `run` inside `work` opens a transaction of its own. The
   * request's transaction participant (the answer stored for an
   * `Idempotency-Key`, `request-transaction.ts`) is written in the same
   * transaction, after `work`.
   *
   * @throws whatever `work` throws, the last deadlock / lock-wait error, or
   *   CommitOutcomeUnknownError (504) when the connection was lost during COMMIT.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    const pending = pendingParticipant();
    if (!pending) return onPrimary(() => runInTransaction(this.dataSource, (manager) => inTransactionScope(manager, work)));
    return onPrimary(() =>
      runInTransaction(this.dataSource, (manager) =>
        inTransactionScope(manager, async () => {
          const result = await work();
          await pending.participant.beforeCommit(result);
          return result;
        }),
      ),
    ).then((result) => {
      pending.committed();
      return result;
    });
  }

  /**
   * Runs `work` whose one write is a single statement, which is then a
   * transaction of its own: on MySQL/MariaDB it runs without `BEGIN` and
   * `COMMIT`, the statement committed as it runs, so the rows it locks
   * (its triggers' counters among them) are held for that statement only, not
   * across the round trips of a transaction; reads after it see it committed.
   * The whole of `work` runs again, up to four times in all, when the
   * statement is a deadlock victim, as in {@link run}. It runs as {@link run},
   * in one transaction, when the request's answer must commit with the write
   * (an `Idempotency-Key`, `request-transaction.ts`) and on embedded SQLite
   * (one connection shared by every transaction, docs/architecture.md#transactions).
   *
   * @throws whatever `work` throws, or the last deadlock / lock-wait error.
   */
  runSingleWrite<T>(work: () => Promise<T>): Promise<T> {
    if (pendingParticipant() || this.dataSource.options.type !== 'mysql' || transactionManager()) return this.run(work);
    return onPrimary(() => retryOnLockConflict(work));
  }

  /**
   * {@link run} at `READ COMMITTED` on MySQL/MariaDB (as is on SQLite): its
   * locking reads lock the rows they return and no gaps, so a work-queue claim
   * (`FOR UPDATE SKIP LOCKED` on the outbox or the deliveries) never blocks a
   * request inserting new rows behind it. Only for work whose correctness
   * rests on row locks and conditional updates, not on a stable snapshot.
   */
  runWithoutGapLocks<T>(work: () => Promise<T>): Promise<T> {
    return onPrimary(() =>
      runInTransaction(
        this.dataSource,
        (manager) => inTransactionScope(manager, work),
        this.dataSource.options.type === 'mysql' ? 'READ COMMITTED' : undefined,
      ),
    );
  }

  /**
   * The `EntityManager` every statement goes through: the current
   * transaction's inside {@link run} (and inside what `run`'s work started,
   * while the transaction lasts), the pool's outside, whose reads go to a
   * replica in a request routed there (docs/api.md#scaling). Work a
   * transaction left running after it ended (a timer) gets the pool's, never
   * the ended transaction's.
   */
  get manager(): EntityManager {
    return transactionManager() ?? this.dataSource.manager;
  }
}
