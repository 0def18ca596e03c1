import { describe, expect, it, vi } from 'vitest';

import type { Clock } from '../../clock/clock.js';
import { loadAppConfig } from '../../config/environment.js';
import { AppSlots } from './app-slots.js';

/** Slots of a process with `CALLBACK_CONCURRENCY=10`, `CALLBACK_APP_CONCURRENCY=2`, on a clock the test moves. */
function processSlots() {
  let now = 1_000;
  const clock = { nowSeconds: () => now } as Clock;
  return {
    slots: new AppSlots(loadAppConfig({ CALLBACK_CONCURRENCY: '10', CALLBACK_APP_CONCURRENCY: '2' }), clock),
    advance: (seconds: number) => (now += seconds),
  };
}

describe('AppSlots', () => {
  it('holds an app whose receivers were never seen answering fast to its share, and says it has no room', () => {
    const { slots } = processSlots();
    const [first, second, third] = [slots.take(1), slots.take(1), slots.take(1)];
    expect([first, second, third].map((release) => release !== null)).toEqual([true, true, false]);
    expect(slots.take(2)).not.toBeNull();
    expect([slots.room(1), slots.room(2), slots.room(3)]).toEqual([0, 1, 2]);
    second!();
    // That attempt ended at once (fast): a share's worth back, and what it may borrow while a share stays free.
    expect(slots.room(1)).toBe(1 + (10 - 2 - 1 - 2));
  });

  it('lets an app whose last attempt was fast borrow idle slots, keeping a share free for the others', () => {
    const { slots } = processSlots();
    slots.take(1)!();
    expect(slots.room(1)).toBe(8);
    const taken = Array.from({ length: 10 }, () => slots.take(1));
    expect(taken.filter((release) => release !== null)).toHaveLength(8);
    expect([slots.take(2), slots.take(3)].map((release) => release !== null)).toEqual([true, true]);
    taken[0]!();
    expect(slots.take(1)).toBeNull();
  });

  it('stops lending to an app once an attempt of its has run a second, or its last one took that long', () => {
    const { slots, advance } = processSlots();
    slots.take(1)!();
    const held = [slots.take(1), slots.take(1)];
    advance(1.5);
    expect(slots.take(1)).toBeNull();
    held[0]!();
    held[1]!();
    expect([slots.take(1), slots.take(1), slots.take(1)].map((release) => release !== null)).toEqual([true, true, false]);
  });

  it('gives each app a quarter of CALLBACK_CONCURRENCY by default, at least one', () => {
    expect(loadAppConfig({}).callbackAppConcurrency).toBe(2);
    expect(loadAppConfig({ CALLBACK_CONCURRENCY: '40' }).callbackAppConcurrency).toBe(10);
    expect(loadAppConfig({ CALLBACK_CONCURRENCY: '3' }).callbackAppConcurrency).toBe(1);
    expect(loadAppConfig({ CALLBACK_CONCURRENCY: '3', CALLBACK_APP_CONCURRENCY: '3' }).callbackAppConcurrency).toBe(3);
  });

  it('makes a job of a fast app with no slot free wait for one of its attempts to end, up to the wait given; a slow app never waits', async () => {
    vi.useFakeTimers();
    try {
      const { slots, advance } = processSlots();
      slots.take(1)!();
      const held = Array.from({ length: 8 }, () => slots.take(1)!);
      expect(slots.take(1)).toBeNull();
      let granted: (() => void) | null | undefined;
      void slots.takeOrWait(1, 250).then((release) => (granted = release));
      await vi.advanceTimersByTimeAsync(100);
      expect(granted).toBeUndefined();
      held[0]!();
      await vi.advanceTimersByTimeAsync(0);
      expect(granted).toEqual(expect.any(Function));

      // None ends within the wait: nothing taken.
      let timedOut: (() => void) | null | undefined;
      void slots.takeOrWait(1, 250).then((release) => (timedOut = release));
      await vi.advanceTimersByTimeAsync(249);
      expect(timedOut).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(timedOut).toBeNull();

      // An app whose attempt has run a second is not fast: no wait at all.
      advance(1.5);
      const slow = slots.takeOrWait(1, 250);
      await vi.advanceTimersByTimeAsync(0);
      expect(await slow).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
