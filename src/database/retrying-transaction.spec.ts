import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { runInTransaction } from './retrying-transaction.js';

/** A DataSource whose transaction() fails with `failures` in turn, then runs the work. */
function fakeDataSource(failures: unknown[]): DataSource & { calls: number } {
  const fake = {
    calls: 0,
    async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
      const failure = failures[fake.calls++];
      if (failure !== undefined) throw failure;
      return work({} as EntityManager);
    },
  };
  return fake as unknown as DataSource & { calls: number };
}

const deadlock = Object.assign(new Error('Deadlock found'), { driverError: { code: 'ER_LOCK_DEADLOCK' } });
const lockWait = Object.assign(new Error('Lock wait timeout'), { code: 'ER_LOCK_WAIT_TIMEOUT' });

describe('runInTransaction', () => {
  it("returns the work's result", async () => {
    const dataSource = fakeDataSource([]);
    expect(await runInTransaction(dataSource, async () => 42)).toBe(42);
    expect(dataSource.calls).toBe(1);
  });

  it('runs the work again after a deadlock or lock wait timeout', async () => {
    const dataSource = fakeDataSource([deadlock, lockWait, deadlock]);
    expect(await runInTransaction(dataSource, async () => 'done')).toBe('done');
    expect(dataSource.calls).toBe(4);
  });

  it('gives up after four attempts with the last error', async () => {
    const dataSource = fakeDataSource([deadlock, deadlock, deadlock, lockWait]);
    await expect(runInTransaction(dataSource, async () => 'never')).rejects.toBe(lockWait);
    expect(dataSource.calls).toBe(4);
  });

  it('does not retry other errors', async () => {
    const other = Object.assign(new Error('duplicate'), { driverError: { code: 'ER_DUP_ENTRY' } });
    const dataSource = fakeDataSource([other]);
    await expect(runInTransaction(dataSource, async () => 'never')).rejects.toBe(other);
    expect(dataSource.calls).toBe(1);
  });
});
