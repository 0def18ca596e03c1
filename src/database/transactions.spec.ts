import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { withTransactionParticipant } from './request-transaction.js';
import { Transactions } from './transactions.js';

/** A DataSource whose transactions log what runs in them; `plain` is its manager outside any transaction. */
function fakeDataSource(log: string[]): DataSource {
  const plain = { name: 'plain' };
  let opened = 0;
  return {
    options: { type: 'mysql' },
    manager: plain,
    createQueryRunner: () => ({
      manager: { name: `transaction ${++opened}` },
      startTransaction: async () => void log.push('begin'),
      commitTransaction: async () => void log.push('commit'),
      rollbackTransaction: async () => void log.push('rollback'),
      release: async () => undefined,
    }),
  } as unknown as DataSource;
}

const nameOf = (manager: EntityManager) => (manager as unknown as { name: string }).name;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Transactions and the request transaction participant', () => {
  it("without a participant runs the work alone in a transaction, whose manager is the current one's", async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    expect(nameOf(transactions.manager)).toBe('plain');
    expect(await transactions.run(async () => nameOf(transactions.manager))).toBe('transaction 1');
    expect(nameOf(transactions.manager)).toBe('plain');
    expect(log).toEqual(['begin', 'commit']);
  });

  it("runs the participant in the request's first transaction, after the work and before COMMIT, with its result", async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    const participant = {
      beforeCommit: async (result: unknown) => void log.push(`participant ${nameOf(transactions.manager)} ${String(result)}`),
    };
    await withTransactionParticipant(participant, async () => {
      await transactions.run(async () => 'first');
      await transactions.run(async () => 'second');
    });
    expect(log).toEqual(['begin', 'participant transaction 1 first', 'commit', 'begin', 'commit']);
  });

  it('rolls the write back when the participant throws, and keeps it for a later transaction of the request', async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    let fail = true;
    const participant = {
      beforeCommit: async () => {
        log.push('participant');
        if (fail) throw new Error('key taken');
      },
    };
    await withTransactionParticipant(participant, async () => {
      await expect(transactions.run(async () => 1)).rejects.toThrow('key taken');
      fail = false;
      await transactions.run(async () => 2);
    });
    expect(log).toEqual(['begin', 'participant', 'rollback', 'begin', 'participant', 'commit']);
  });

  it('forgets the participant once the request has settled, even for work it started and left running', async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    let later: Promise<unknown> | undefined;
    await withTransactionParticipant({ beforeCommit: async () => void log.push('participant') }, async () => {
      later = sleep(10).then(() => transactions.run(async () => 'timer'));
    });
    await later;
    expect(log).toEqual(['begin', 'commit']);
  });
});

describe('the current transaction (docs/architecture.md#transactions)', () => {
  it('gives two concurrent transactions each its own manager, all through their work', async () => {
    const transactions = new Transactions(fakeDataSource([]));
    let arrived = 0;
    let bothInside!: () => void;
    const barrier = new Promise<void>((resolve) => (bothInside = resolve));
    const work = async () => {
      const first = nameOf(transactions.manager);
      if (++arrived === 2) bothInside();
      await barrier;
      await sleep(1);
      return [first, nameOf(transactions.manager)];
    };
    const [a, b] = await Promise.all([transactions.run(work), transactions.run(work)]);
    expect(a).toEqual(['transaction 1', 'transaction 1']);
    expect(b).toEqual(['transaction 2', 'transaction 2']);
  });

  it('gives a nested run its own transaction, and the outer work its own again after it', async () => {
    const transactions = new Transactions(fakeDataSource([]));
    const seen = await transactions.run(async () => {
      const outer = nameOf(transactions.manager);
      const inner = await transactions.run(async () => nameOf(transactions.manager));
      return [outer, inner, nameOf(transactions.manager)];
    });
    expect(seen).toEqual(['transaction 1', 'transaction 2', 'transaction 1']);
  });

  it("gives work a transaction left running after it ended the pool's manager, never the ended transaction's", async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    let timer: Promise<string> | undefined;
    await transactions.run(async () => {
      timer = sleep(10).then(() => nameOf(transactions.manager));
    });
    expect(await timer).toBe('plain');
    expect(log).toEqual(['begin', 'commit']);
  });
});
