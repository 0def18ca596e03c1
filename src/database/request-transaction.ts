import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Something a request adds to its write transaction, such as the stored
 * answer of an `Idempotency-Key`: `beforeCommit` runs inside that transaction
 * (it is the current one, `Transactions.manager`), after the work and before
 * `COMMIT`, with the work's result; throwing there rolls the whole
 * transaction back.
 */
export interface TransactionParticipant {
  beforeCommit(result: unknown): Promise<void>;
}

/** The participant of the request being handled, until its write transaction has committed. */
interface Slot {
  participant?: TransactionParticipant;
}

const slots = new AsyncLocalStorage<Slot>();

/**
 * Runs `handle` (a request's handler) so that the first transaction it
 * commits through `Transactions` includes `participant`; once `handle` has
 * settled, nothing started from it (a timer it scheduled) includes it any more.
 */
export async function withTransactionParticipant<T>(participant: TransactionParticipant, handle: () => Promise<T>): Promise<T> {
  const slot: Slot = { participant };
  try {
    return await slots.run(slot, handle);
  } finally {
    slot.participant = undefined;
  }
}

/**
 * The participant waiting for the current request's write transaction, and a
 * function to call once that transaction has committed (later transactions of
 * the request run without it); `undefined` outside {@link withTransactionParticipant}.
 */
export function pendingParticipant(): { participant: TransactionParticipant; committed(): void } | undefined {
  const slot = slots.getStore();
  const participant = slot?.participant;
  if (!slot || !participant) return undefined;
  return { participant, committed: () => (slot.participant = undefined) };
}
