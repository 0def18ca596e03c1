import { describe, expect, it } from 'vitest';

import { AttemptLogWriter } from './attempt-log.writer.js';
import type { DeliveriesRepository } from './deliveries.repository.js';
import type { DeliveryAttemptEntity } from './delivery-attempt.entity.js';

function row(deliveryId: number): DeliveryAttemptEntity {
  return { deliveryId, attempt: 1, at: 1, durationMs: 5, responseStatus: 200, error: null, responseBody: 'ok' };
}

/** A repository whose inserts wait until released, recording each statement's rows. */
function fakeRepository() {
  const statements: number[][] = [];
  const pending: (() => void)[] = [];
  let fail: Error | undefined;
  const repository = {
    insertAttempts: (rows: readonly DeliveryAttemptEntity[]) =>
      new Promise<void>((resolve, reject) => {
        statements.push(rows.map((r) => r.deliveryId));
        pending.push(() => (fail ? reject(fail) : resolve()));
      }),
  };
  return {
    repository: repository as unknown as DeliveriesRepository,
    statements,
    releaseAll: () => pending.splice(0).forEach((release) => release()),
    failNext: (error: Error | undefined) => (fail = error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AttemptLogWriter', () => {
  it('writes the rows that arrive while a write is in flight together, in one multi-row statement', async () => {
    const fake = fakeRepository();
    const writer = new AttemptLogWriter(fake.repository);
    const first = writer.write(row(1));
    await tick();
    const others = [writer.write(row(2)), writer.write(row(3)), writer.write(row(4))];
    expect(fake.statements).toEqual([[1]]);
    fake.releaseAll();
    await first;
    await tick();
    expect(fake.statements).toEqual([[1], [2, 3, 4]]);
    fake.releaseAll();
    await Promise.all(others);
  });

  it("rejects every row of a failed statement with the database's error, and keeps writing later rows", async () => {
    const fake = fakeRepository();
    const writer = new AttemptLogWriter(fake.repository);
    fake.failNext(new Error('gone away'));
    const failed = writer.write(row(1));
    await tick();
    fake.releaseAll();
    await expect(failed).rejects.toThrow('gone away');
    fake.failNext(undefined);
    const later = writer.write(row(2));
    await tick();
    fake.releaseAll();
    await later;
    expect(fake.statements).toEqual([[1], [2]]);
  });
});
