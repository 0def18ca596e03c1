import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { rejection } from '../../test/support/rejection.js';
import { CommitOutcomeUnknownError } from '../errors/domain-errors.js';
import { domainErrorToHttp } from '../http/domain-error-to-http.js';
import { runInTransaction } from './retrying-transaction.js';

/** How one attempt goes: the work fails with `work`, or COMMIT fails with `commit`. */
interface Attempt {
  work?: unknown;
  commit?: unknown;
}

/** A DataSource of `type` whose transactions go as `attempts` say, in turn (then succeed); it records what ran. */
function fakeDataSource(attempts: Attempt[], type = 'mysql'): DataSource & { log: string[] } {
  const log: string[] = [];
  let attempt = 0;
  const fake = {
    log,
    options: { type },
    createQueryRunner() {
      const plan = attempts[attempt++] ?? {};
      return {
        manager: { plan },
        async startTransaction(isolation?: string) {
          log.push(isolation ? `begin ${isolation}` : 'begin');
        },
        async commitTransaction() {
          log.push('commit');
          if (plan.commit !== undefined) throw plan.commit;
        },
        async rollbackTransaction() {
          log.push('rollback');
        },
        async release() {
          log.push('release');
        },
      };
    },
  };
  return fake as unknown as DataSource & { log: string[] };
}

/** Work that fails as its attempt's plan says, else returns `value`. */
const work =
  <T>(value: T) =>
  async (manager: unknown): Promise<T> => {
    const { plan } = manager as { plan: Attempt };
    if (plan.work !== undefined) throw plan.work;
    return value;
  };

const deadlock = Object.assign(new Error('Deadlock found'), { driverError: { code: 'ER_LOCK_DEADLOCK' } });
const lockWait = Object.assign(new Error('Lock wait timeout'), { code: 'ER_LOCK_WAIT_TIMEOUT' });
const connectionLost = Object.assign(new Error('Connection lost: The server closed the connection.'), {
  driverError: { code: 'PROTOCOL_CONNECTION_LOST', fatal: true },
});

describe('runInTransaction', () => {
  it("returns the work's result after one commit", async () => {
    const dataSource = fakeDataSource([]);
    expect(await runInTransaction(dataSource, work(42))).toBe(42);
    expect(dataSource.log).toEqual(['begin', 'commit', 'release']);
  });

  it('runs the work again after a deadlock or lock wait timeout', async () => {
    const dataSource = fakeDataSource([{ work: deadlock }, { work: lockWait }, { work: deadlock }]);
    expect(await runInTransaction(dataSource, work('done'))).toBe('done');
    expect(dataSource.log.filter((entry) => entry === 'begin')).toHaveLength(4);
  });

  it('gives up after four attempts with the last error', async () => {
    const dataSource = fakeDataSource([{ work: deadlock }, { work: deadlock }, { work: deadlock }, { work: lockWait }]);
    await expect(runInTransaction(dataSource, work('never'))).rejects.toBe(lockWait);
    expect(dataSource.log.filter((entry) => entry === 'begin')).toHaveLength(4);
  });

  it('does not retry other errors, and rolls back', async () => {
    const other = Object.assign(new Error('duplicate'), { driverError: { code: 'ER_DUP_ENTRY' } });
    const dataSource = fakeDataSource([{ work: other }]);
    await expect(runInTransaction(dataSource, work('never'))).rejects.toBe(other);
    expect(dataSource.log).toEqual(['begin', 'rollback', 'release']);
  });

  it('passes the isolation level on', async () => {
    const dataSource = fakeDataSource([]);
    await runInTransaction(dataSource, work(1), 'READ COMMITTED');
    expect(dataSource.log[0]).toBe('begin READ COMMITTED');
  });

  describe('a failure before COMMIT was sent means nothing was written', () => {
    it('throws the connection error of the work as it is (the 503)', async () => {
      const dataSource = fakeDataSource([{ work: connectionLost }]);
      await expect(runInTransaction(dataSource, work('never'))).rejects.toBe(connectionLost);
    });

    it('throws the error of a COMMIT queued on a connection already known dead as it is', async () => {
      const neverSent = Object.assign(new Error("Can't add new command when connection is in closed state"), { fatal: true });
      const dataSource = fakeDataSource([{ commit: neverSent }]);
      await expect(runInTransaction(dataSource, work('never'))).rejects.toBe(neverSent);
    });

    it('runs the work again after a deadlock reported by COMMIT', async () => {
      const dataSource = fakeDataSource([{ commit: deadlock }]);
      expect(await runInTransaction(dataSource, work('done'))).toBe('done');
    });
  });

  describe('a connection lost during COMMIT on MySQL/MariaDB leaves the outcome unknown', () => {
    for (const [name, error] of [
      ['connection lost', connectionLost],
      ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
      ['server shutdown', Object.assign(new Error('Server shutdown in progress'), { driverError: { code: 'ER_SERVER_SHUTDOWN' } })],
    ] as const) {
      it(`${name}: CommitOutcomeUnknownError (504) with the error as its cause, not run again`, async () => {
        const dataSource = fakeDataSource([{ commit: error }]);
        const failure = await rejection<CommitOutcomeUnknownError>(runInTransaction(dataSource, work('never')));
        expect(failure).toBeInstanceOf(CommitOutcomeUnknownError);
        expect(domainErrorToHttp(failure, { params: {}, query: {} }).getStatus()).toBe(504);
        expect(failure.cause).toBe(error);
        expect(dataSource.log).toEqual(['begin', 'commit', 'rollback', 'release']);
      });
    }

    it('other COMMIT errors are thrown as they are', async () => {
      const other = Object.assign(new Error('Got error during COMMIT'), { driverError: { code: 'ER_ERROR_DURING_COMMIT' } });
      const dataSource = fakeDataSource([{ commit: other }]);
      await expect(runInTransaction(dataSource, work('never'))).rejects.toBe(other);
    });

    it('on SQLite a failed COMMIT did not commit: its error is thrown as it is', async () => {
      const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      const dataSource = fakeDataSource([{ commit: busy }], 'better-sqlite3');
      await expect(runInTransaction(dataSource, work('never'))).rejects.toBe(busy);
    });
  });
});
