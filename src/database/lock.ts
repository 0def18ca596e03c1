import type { FindOneOptions } from 'typeorm';

import { transactionManager } from './current-transaction.js';

/** Whether the current transaction (`Transactions.run`) is on MySQL/MariaDB; `false` outside a transaction. */
function inMysqlTransaction(): boolean {
  return transactionManager()?.connection.options.type === 'mysql';
}

/**
 * The row lock for read-modify-write inside the current transaction:
 * `SELECT ... FOR UPDATE` on MySQL; nothing on SQLite, whose transactions
 * run one at a time (`sqlite-transaction-lock.ts`), nor outside a
 * transaction, where a lock ends with its statement.
 */
export function forUpdate(): Pick<FindOneOptions, 'lock'> {
  return inMysqlTransaction() ? { lock: { mode: 'pessimistic_write' } } : {};
}

/**
 * The row lock of a work queue read by several processes:
 * `SELECT ... FOR UPDATE SKIP LOCKED` on MySQL 8 / MariaDB 10.6+, so each
 * process takes rows no other holds; nothing on SQLite (one writer at a time,
 * callers also claim rows with a conditional update) or outside a transaction.
 */
export function forUpdateSkipLocked(): Pick<FindOneOptions, 'lock'> {
  return inMysqlTransaction() ? { lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' } } : {};
}

/** {@link forUpdate} as SQL for a statement written out: ` FOR UPDATE` on MySQL, nothing on SQLite. */
export function forUpdateClause(): string {
  return inMysqlTransaction() ? ' FOR UPDATE' : '';
}
