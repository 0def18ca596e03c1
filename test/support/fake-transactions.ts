import type { Transactions } from '../../src/database/transactions.js';

/**
 * `Transactions` for a service's unit spec: {@link run} and
 * {@link runSingleWrite} run the work at once, and {@link active} tells a fake
 * repository whether it is called inside that work, as every transactional
 * read and write must be.
 */
export class FakeTransactions {
  /** How many transactions ran ({@link run}). */
  runs = 0;
  /** How many single-statement writes ran ({@link runSingleWrite}). */
  singleWrites = 0;
  private depth = 0;

  /** Whether the caller runs inside {@link run}'s work. */
  get active(): boolean {
    return this.depth > 0;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs++;
    return this.within(work);
  }

  async runSingleWrite<T>(work: () => Promise<T>): Promise<T> {
    this.singleWrites++;
    return this.within(work);
  }

  private async within<T>(work: () => Promise<T>): Promise<T> {
    this.depth++;
    try {
      return await work();
    } finally {
      this.depth--;
    }
  }

  /** This fake where the service expects `Transactions`. */
  asTransactions(): Transactions {
    return this as unknown as Transactions;
  }
}
