import { Mutex } from 'async-mutex';
import type { DataSource } from 'typeorm';

import { transactionManager } from './current-transaction.js';

/** One lock per database file of the process (an in-memory database is its DataSource's alone). */
const fileLocks = new Map<string, Mutex>();
const memoryLocks = new WeakMap<DataSource, Mutex>();

function lockOf(dataSource: DataSource): Mutex {
  const file = dataSource.options.database;
  let lock = typeof file === 'string' && file !== ':memory:' ? fileLocks.get(file) : memoryLocks.get(dataSource);
  if (lock) return lock;
  lock = new Mutex();
  if (typeof file === 'string' && file !== ':memory:') fileLocks.set(file, lock);
  else memoryLocks.set(dataSource, lock);
  return lock;
}

/**
 * Runs `transaction` (one whole transaction, `BEGIN` to `COMMIT` or `ROLLBACK`)
 * alone on an embedded SQLite database (docs/architecture.md#transactions).
 * TypeORM gives SQLite one connection, shared by every query runner, so two
 * transactions started at once would interleave their `BEGIN`, statements and
 * `COMMIT` on it (and TypeORM's savepoint depth with them), leaving one's
 * writes uncommitted or committed with the other's. On SQLite each waits for
 * the one before it, in order; a transaction started inside another's work
 * (`Transactions.run` within `run`) is a savepoint of the outer one and does
 * not wait. Two DataSources of one process on the same file (the API and the
 * operator CLI run in one test process) take turns too: the driver is
 * synchronous, so one waiting on the other's lock (`busy_timeout`) would block
 * the thread the other needs to commit. On MySQL/MariaDB (a pool of
 * connections) it runs at once.
 */
export function oneAtATimeOnSqlite<T>(dataSource: DataSource, transaction: () => Promise<T>): Promise<T> {
  if (dataSource.options.type === 'mysql' || transactionManager() !== undefined) return transaction();
  return lockOf(dataSource).runExclusive(transaction);
}
