import type { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel.js';

import { CommitOutcomeUnknownError } from '../errors/domain-errors.js';
import { isDatabaseUnavailable } from '../http/database-unavailable.js';
import { oneAtATimeOnSqlite } from './sqlite-transaction-lock.js';

/** MySQL/MariaDB errors after which the whole transaction may simply run again. */
const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 4;

/** What mysql2 says when a statement is queued on a connection already known dead: it was never sent. */
const NEVER_SENT = "Can't add new command when connection is in closed state";

/**
 * Runs `work` in one transaction (docs/api.md#validation: a request's changes commit
 * together or not at all) and runs it again, up to four times in all, when
 * MySQL chose it as a deadlock victim: concurrent requests touching the same
 * team and accounts can deadlock on InnoDB's index locks, and MySQL expects
 * the application to retry. `work` must only touch the database through
 * `manager`, since it may run more than once.
 *
 * A failure while `COMMIT` is on its way to MySQL/MariaDB (the connection
 * lost, the server shutting down) leaves the outcome unknown: it is thrown as
 * {@link CommitOutcomeUnknownError} (504), never as the "nothing was
 * written" database error (503). Every failure before `COMMIT` was sent rolled
 * the transaction back. On embedded SQLite a failed `COMMIT` is known not to
 * have committed (the database is a local file), so its error is thrown as is.
 *
 * @throws whatever `work` throws, the last deadlock error, or CommitOutcomeUnknownError.
 */
export async function runInTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  isolation?: IsolationLevel,
): Promise<T> {
  return retryOnLockConflict(() => oneAtATimeOnSqlite(dataSource, () => transactionOnce(dataSource, work, isolation)));
}

/**
 * Runs `statement` (one auto-committed statement, or a whole transaction) and
 * runs it again, up to four times in all, when MySQL reports a deadlock or a
 * lock-wait timeout. `statement` must be safe to repeat: it rolled back.
 *
 * @throws whatever `statement` throws, or the last deadlock / lock-wait error.
 */
export async function retryOnLockConflict<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** One transaction, as TypeORM's `DataSource.transaction` runs it, telling a failed COMMIT apart. */
async function transactionOnce<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  isolation?: IsolationLevel,
): Promise<T> {
  const queryRunner = dataSource.createQueryRunner();
  try {
    let result: T;
    try {
      await queryRunner.startTransaction(isolation);
      result = await work(queryRunner.manager);
    } catch (error) {
      await queryRunner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
    try {
      await queryRunner.commitTransaction();
    } catch (error) {
      await queryRunner.rollbackTransaction().catch(() => undefined);
      throw dataSource.options.type === 'mysql' && mayHaveCommitted(error) ? new CommitOutcomeUnknownError(error) : error;
    }
    return result;
  } finally {
    await queryRunner.release();
  }
}

/**
 * Whether a failed `COMMIT` on MySQL/MariaDB may still have committed: the
 * connection failed while it was sent or answered. Not when it was never sent
 * (the connection was already dead) and not for a deadlock (rolled back).
 */
function mayHaveCommitted(error: unknown): boolean {
  if (isRetryable(error)) return false;
  const message = error instanceof Error ? error.message : '';
  if (message.includes(NEVER_SENT)) return false;
  return isDatabaseUnavailable(error);
}

function isRetryable(error: unknown): boolean {
  const failure = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = failure?.driverError?.code ?? failure?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
