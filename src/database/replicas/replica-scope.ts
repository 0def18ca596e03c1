import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<'replica' | 'primary'>();

/**
 * Runs `work` (a request without credentials that only reads, docs/api.md#scaling)
 * so that its statements outside a transaction may go to a read replica.
 */
export function onReplica<T>(work: () => T): T {
  return scope.run('replica', work);
}

/** Runs `work` on the primary even inside {@link onReplica}: every write and every read in a write's transaction. */
export function onPrimary<T>(work: () => T): T {
  return scope.getStore() === 'replica' ? scope.run('primary', work) : work();
}

/** Whether the statement about to run may go to a replica. */
export function mayReadReplica(): boolean {
  return scope.getStore() === 'replica';
}
