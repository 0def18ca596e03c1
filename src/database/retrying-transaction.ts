import type { DataSource, EntityManager } from 'typeorm';

/** MySQL/MariaDB errors after which the whole transaction may simply run again. */
const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 4;

/**
 * Runs `work` in one transaction (contract §6: a request's changes commit
 * together or not at all) and runs it again, up to four times in all, when
 * MySQL chose it as a deadlock victim: concurrent requests touching the same
 * team and accounts can deadlock on InnoDB's index locks, and MySQL expects
 * the application to retry. `work` must only touch the database through
 * `manager`, since it may run more than once.
 *
 * @throws whatever `work` throws, or the last deadlock error.
 */
export async function runInTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return retryOnLockConflict(() => dataSource.transaction(work));
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

function isRetryable(error: unknown): boolean {
  const failure = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = failure?.driverError?.code ?? failure?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
