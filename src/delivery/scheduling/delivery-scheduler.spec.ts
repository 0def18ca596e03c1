import { describe, expect, it } from 'vitest';

import type { Clock } from '../../clock/clock.js';
import { loadAppConfig } from '../../config/environment.js';
import type { Transactions } from '../../database/transactions.js';
import type { DeliveryMetrics } from '../../metrics/delivery-metrics.service.js';
import type { DueDeliveriesReader } from '../../read-model/due-deliveries.reader.js';
import type { Admission, DeliveriesRepository, WaitingApp } from '../deliveries.repository.js';
import { DeliveryScheduler } from './delivery-scheduler.js';
import type { DeliveryTransport } from './delivery-transport.js';

const NOW = 1_000;

/**
 * A scheduler over stand-ins: app 7 has two rounds due, the transport takes
 * none of them (its slots are full), and every put-back fails, as with the
 * database gone, until `databaseBack()`; `failCommit()` fails the next
 * admission's commit after its statements ran.
 */
function scheduler() {
  const released: number[][] = [];
  let failRelease = true;
  let due: Admission[] = [
    { id: 1, round: 0, appId: 7, admittedAt: NOW },
    { id: 2, round: 0, appId: 7, admittedAt: NOW },
  ];
  const deliveries = {
    waitingApps: (): Promise<WaitingApp[]> => Promise.resolve(due.length > 0 ? [{ appId: 7, dueAt: NOW, admitted: 0 }] : []),
    admit: (): Promise<Admission[]> => {
      const admitted = due;
      due = [];
      return Promise.resolve(admitted);
    },
    release: (admissions: readonly Admission[]): Promise<void> => {
      if (failRelease) return Promise.reject(new Error('Connection lost: The server closed the connection.'));
      released.push(admissions.map((admission) => admission.id));
      return Promise.resolve();
    },
  } as unknown as DeliveriesRepository;
  const transport = {
    capacity: () => Infinity,
    roomFor: () => Infinity,
    hand: (admissions: readonly Admission[]) => Promise.resolve(admissions),
    repair: () => Promise.resolve(),
  } as unknown as DeliveryTransport;
  let commitFails = false;
  const transactions = {
    runWithoutGapLocks: async <T>(work: () => Promise<T>) => {
      const result = await work();
      if (commitFails) {
        commitFails = false;
        throw new Error('Connection lost: The server closed the connection.');
      }
      return result;
    },
  } as unknown as Transactions;
  const clock = { nowSeconds: () => NOW } as Clock;
  const subject = new DeliveryScheduler(
    transactions,
    deliveries,
    transport,
    clock,
    {} as DeliveryMetrics,
    {} as DueDeliveriesReader,
    loadAppConfig({}),
  );
  return { subject, released, databaseBack: () => (failRelease = false), failCommit: () => (commitFails = true) };
}

describe('DeliveryScheduler.dispatch (docs/api.md#isolation-between-apps)', () => {
  it('puts back, at the next pass, the admissions the transport did not take whose put-back failed', async () => {
    const { subject, released, databaseBack } = scheduler();
    await subject.dispatch();
    expect(released).toEqual([]);

    // While the database is still away the next pass fails at once, keeping them.
    await expect(subject.dispatch()).rejects.toThrow('Connection lost');
    databaseBack();
    await subject.dispatch();
    expect(released).toEqual([[1, 2]]);

    // Put back once: a later pass has nothing left to put back.
    await subject.dispatch();
    expect(released).toEqual([[1, 2]]);
  });

  it('puts back, at the next pass, the admissions of a transaction whose commit failed (it may have committed)', async () => {
    const { subject, released, databaseBack, failCommit } = scheduler();
    databaseBack();
    failCommit();
    await expect(subject.dispatch()).rejects.toThrow('Connection lost');
    expect(released).toEqual([]);
    await subject.dispatch();
    expect(released[0]).toEqual([1, 2]);
  });
});
