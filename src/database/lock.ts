import type { EntityManager, FindOneOptions } from 'typeorm';

/**
 * The row lock for read-modify-write inside a transaction: `SELECT ... FOR UPDATE`
 * on MySQL; nothing on SQLite, whose writers are already serialised.
 */
export function forUpdate(manager: EntityManager): Pick<FindOneOptions, 'lock'> {
  return manager.connection.options.type === 'mysql' ? { lock: { mode: 'pessimistic_write' } } : {};
}

/**
 * The row lock of a work queue read by several processes:
 * `SELECT ... FOR UPDATE SKIP LOCKED` on MySQL 8 / MariaDB 10.6+, so each
 * process takes rows no other holds; nothing on SQLite (one writer at a time,
 * callers also claim rows with a conditional update).
 */
export function forUpdateSkipLocked(manager: EntityManager): Pick<FindOneOptions, 'lock'> {
  return manager.connection.options.type === 'mysql' ? { lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' } } : {};
}

/** {@link forUpdate} as SQL for a statement written out: ` FOR UPDATE` on MySQL, nothing on SQLite. */
export function forUpdateClause(manager: EntityManager): string {
  return manager.connection.options.type === 'mysql' ? ' FOR UPDATE' : '';
}
