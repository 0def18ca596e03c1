import type { EntityManager, FindOneOptions } from 'typeorm';

/**
 * The row lock for read-modify-write inside a transaction: `SELECT ... FOR UPDATE`
 * on MySQL; nothing on SQLite, whose writers are already serialised.
 */
export function forUpdate(manager: EntityManager): Pick<FindOneOptions, 'lock'> {
  return manager.connection.options.type === 'mysql' ? { lock: { mode: 'pessimistic_write' } } : {};
}
