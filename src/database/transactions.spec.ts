import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { withTransactionParticipant } from './request-transaction.js';
import { Transactions } from './transactions.js';

/** A DataSource whose transactions log what runs in them; `plain` is its manager outside any transaction. */
function fakeDataSource(log: string[]): DataSource {
  const plain = { name: 'plain' };
  return {
    options: { type: 'mysql' },
    manager: plain,
    createQueryRunner: () => ({
      manager: { name: 'transaction' },
      startTransaction: async () => void log.push('begin'),
      commitTransaction: async () => void log.push('commit'),
      rollbackTransaction: async () => void log.push('rollback'),
      release: async () => undefined,
    }),
  } as unknown as DataSource;
}

const nameOf = (manager: EntityManager) => (manager as unknown as { name: string }).name;

describe('Transactions and the request transaction participant', () => {
  it('without a participant runs the work alone in a transaction', async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    expect(await transactions.run(async (manager) => nameOf(manager))).toBe('transaction');
    expect(log).toEqual(['begin', 'commit']);
  });

  it("runs the participant in the request's first transaction, after the work and before COMMIT, with its result", async () => {
    const log: string[] = [];
    const transactions = new Transactions(fakeDataSource(log));
    const participant = {
      beforeCommit: async (manager: EntityManager, result: unknown) => void log.push(`participant ${nameOf(manager)} ${String(result)}`),
    };
    await withTransactionParticipant(participant, async () => {
      await transactions.run(async () => 'first');
      await transactions.run(async () => 'second');
    });
    expect(log).toEqual(['begin', 'participant transaction first', 'commit', 'begin', 'commit']);
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
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => transactions.run(async () => 'timer'));
    });
    await later;
    expect(log).toEqual(['begin', 'commit']);
  });
});
