import { AsyncLocalStorage } from 'node:async_hooks';

import type { EntityManager } from 'typeorm';

/** The transaction a piece of work runs in: its manager until the transaction has ended. */
interface Scope {
  manager: EntityManager | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` as the current transaction's work (docs/architecture.md#transactions):
 * everything it starts, awaited or not, sees `manager` through
 * {@link transactionManager} until `work` has settled, and none of it sees
 * `manager` after that (a timer it scheduled then runs outside any
 * transaction). Only `Transactions` calls this.
 */
export async function inTransactionScope<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  const scope: Scope = { manager };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.manager = undefined;
  }
}

/**
 * The manager of the transaction the caller runs in, or `undefined` outside
 * one (including work that a transaction started and that outlived it).
 */
export function transactionManager(): EntityManager | undefined {
  return scopes.getStore()?.manager;
}
