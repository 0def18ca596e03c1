import { describe, expect, it } from 'vitest';

import { MemoryRateLimiter, RATE_WINDOW_MS, type RateSlot } from './callback-rate-limiter.js';

const LEASE_MS = 20_000;

/** A limiter on a clock the test moves. */
function limiter(): { limiter: MemoryRateLimiter; at: (ms: number) => void } {
  let now = 1_000_000;
  return { limiter: new MemoryRateLimiter(LEASE_MS, () => now), at: (ms) => (now = 1_000_000 + ms) };
}

async function slot(taken: Promise<RateSlot | number>): Promise<RateSlot> {
  const result = await taken;
  if (typeof result === 'number') throw new Error(`no slot: wait ${result} ms`);
  return result;
}

describe('MemoryRateLimiter', () => {
  it('holds a slot taken for an attempt not sent yet, however long its send takes', async () => {
    const { limiter: rate, at } = limiter();
    const first = await slot(rate.acquire(1, 1));
    // The process is slow to send: a second and more pass between the slot and the socket write.
    at(RATE_WINDOW_MS * 3);
    expect(await rate.acquire(1, 1)).toBe(RATE_WINDOW_MS);
    first.sent();
    // The window runs from the send: one window later, and not before, the next attempt may go.
    at(RATE_WINDOW_MS * 4 - 1);
    expect(await rate.acquire(1, 1)).toBe(1);
    at(RATE_WINDOW_MS * 4);
    await slot(rate.acquire(1, 1));
  });

  it('counts `perSecond` slots per callback and tells how long until the oldest sent one leaves the window', async () => {
    const { limiter: rate, at } = limiter();
    const slots = [await slot(rate.acquire(1, 3)), await slot(rate.acquire(1, 3))];
    slots[0].sent();
    at(200);
    slots[1].sent();
    const third = await slot(rate.acquire(1, 3));
    at(300);
    expect(await rate.acquire(1, 3)).toBe(RATE_WINDOW_MS - 300);
    // Another callback has a window of its own.
    await slot(rate.acquire(2, 1));
    // A slot counts from its first send only; settling a sent one changes nothing.
    at(400);
    third.sent();
    at(500);
    await third.settle();
    at(RATE_WINDOW_MS);
    await slot(rate.acquire(1, 3));
    expect(await rate.acquire(1, 3)).toBe(200);
  });

  it('counts an attempt that ended without a send report as sent when it settles', async () => {
    const { limiter: rate, at } = limiter();
    const refused = await slot(rate.acquire(1, 1));
    at(50);
    await refused.settle();
    at(50 + RATE_WINDOW_MS - 1);
    expect(await rate.acquire(1, 1)).toBe(1);
  });

  it('frees a slot whose send was never recorded once its lease and a window have passed', async () => {
    const { limiter: rate, at } = limiter();
    await slot(rate.acquire(1, 1));
    at(LEASE_MS + RATE_WINDOW_MS - 1);
    expect(await rate.acquire(1, 1)).toBe(1);
    at(LEASE_MS + RATE_WINDOW_MS);
    await slot(rate.acquire(1, 1));
  });
});
