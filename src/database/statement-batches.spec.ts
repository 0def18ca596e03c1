import { describe, expect, it } from 'vitest';

import { MAX_BATCH, paddedBatch, statementBatches } from './statement-batches.js';

/** A batched "statement" that records each batch's keys and answers when `finish()` is called. */
function recorder() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  let failNext = false;
  const serve = statementBatches<number, string>((keys) => {
    batches.push([...keys]);
    const fail = failNext;
    failNext = false;
    return new Promise((resolve, reject) =>
      pending.push(() => (fail ? reject(new Error('connection lost')) : resolve(keys.map((key) => `row ${key}`)))),
    );
  });
  const finish = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { serve, batches, finish, failNextBatch: () => (failNext = true) };
}

describe('statementBatches', () => {
  it('serves a lone request at once, alone', async () => {
    const { serve, batches, finish } = recorder();
    const answer = serve(1);
    await finish();
    expect(await answer).toBe('row 1');
    expect(batches).toEqual([[1]]);
  });

  it('serves the requests of one tick together, and those made while a batch runs in the next', async () => {
    const { serve, batches, finish } = recorder();
    const first = [serve(1), serve(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const second = [serve(3), serve(4), serve(5)];
    await finish();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    await finish();
    expect(await Promise.all([...first, ...second])).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
  });

  it(`runs one batch at a time, at most ${MAX_BATCH} requests in each`, async () => {
    const { serve, batches, finish } = recorder();
    const answers = Array.from({ length: MAX_BATCH + 3 }, (_, index) => serve(index));
    await finish();
    expect(batches.map((batch) => batch.length)).toEqual([MAX_BATCH, 3]);
    await finish();
    expect(await Promise.all(answers)).toHaveLength(MAX_BATCH + 3);
  });

  it('fails every request of a batch that failed, and serves the next batch', async () => {
    const { serve, batches, finish, failNextBatch } = recorder();
    failNextBatch();
    const failed = [serve(1), serve(2)].map((answer) => answer.catch((error: Error) => error.message));
    await new Promise((resolve) => setImmediate(resolve));
    const next = serve(3);
    await finish();
    await finish();
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    expect(await next).toBe('row 3');
    expect(batches).toEqual([[1, 2], [3]]);
  });
});

describe('paddedBatch', () => {
  it('pads to the next power of two with the last item', () => {
    expect(paddedBatch([1])).toEqual([1]);
    expect(paddedBatch([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(paddedBatch([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
    expect(paddedBatch(Array.from({ length: MAX_BATCH }, (_, index) => index))).toHaveLength(MAX_BATCH);
  });

  it('refuses an empty batch or one above the most', () => {
    expect(() => paddedBatch([])).toThrow(RangeError);
    expect(() => paddedBatch(Array.from({ length: MAX_BATCH + 1 }, () => 0))).toThrow(RangeError);
  });
});
