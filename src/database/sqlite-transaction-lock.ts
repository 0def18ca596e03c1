import { Mutex } from 'async-mutex';
import type { DataSource } from 'typeorm';

import { transactionManager } from './current-transaction.js';

const locks = new WeakMap<DataSource, Mutex>();

/**
 * Runs `transaction` (one whole transaction, `BEGIN` to `COMMIT` or `ROLLBACK`)
 * alone on an embedded SQLite database (docs/architecture.md#transactions).
 * TypeORM gives SQLite one connection, shared by every query runner, so two
 * transactions started at once would interleave their `BEGIN`, statements and
 * `COMMIT` on it (and TypeORM's savepoint depth with them), leaving one's
 * writes uncommitted or committed with the other's. On SQLite each waits for
 * the one before it, in order; a transaction started inside another's work
 * (`Transactions.run` within `run`) is a savepoint of the outer one and does
 * not wait. On MySQL/MariaDB (a pool of connections) it runs at once.
 */
export function oneAtATimeOnSqlite<T>(dataSource: DataSource, transaction: () => Promise<T>): Promise<T> {
  if (dataSource.options.type === 'mysql' || transactionManager() !== undefined) return transaction();
  let lock = locks.get(dataSource);
  if (!lock) locks.set(dataSource, (lock = new Mutex()));
  return lock.runExclusive(transaction);
}
