import { describe, expect, it } from 'vitest';

import { MAX_RETRY_AFTER_MS, nextStep, parseRetryAfter } from './retry-policy.js';

const DELAYS = [5_000, 300_000, 1_800_000];
const middle = () => 0.5;

describe('nextStep (docs/api.md#events)', () => {
  it('ends a delivery on any 2xx', () => {
    for (const status of [200, 201, 204, 299])
      expect(nextStep({ kind: 'answer', status }, 1, DELAYS, middle)).toEqual({ kind: 'succeeded' });
  });

  it('retries network errors, timeouts, 408, 429 and 5xx after the next delay of the schedule', () => {
    expect(nextStep({ kind: 'network', error: 'ECONNREFUSED' }, 1, DELAYS, middle)).toEqual({ kind: 'retry', delayMs: 5_000 });
    for (const status of [408, 429, 500, 503, 599])
      expect(nextStep({ kind: 'answer', status }, 2, DELAYS, middle)).toEqual({ kind: 'retry', delayMs: 300_000 });
    expect(nextStep({ kind: 'answer', status: 502 }, 3, DELAYS, middle)).toEqual({ kind: 'retry', delayMs: 1_800_000 });
  });

  it('fails once the schedule is used up: delays.length + 1 attempts in all', () => {
    expect(nextStep({ kind: 'answer', status: 500 }, 4, DELAYS, middle)).toEqual({ kind: 'failed' });
    expect(nextStep({ kind: 'network', error: 'timeout' }, 4, DELAYS, middle)).toEqual({ kind: 'failed' });
  });

  it('fails at once on other statuses and on a refused address', () => {
    for (const status of [100, 301, 302, 304, 400, 401, 403, 404, 410, 422])
      expect(nextStep({ kind: 'answer', status }, 1, DELAYS, middle)).toEqual({ kind: 'failed' });
    expect(nextStep({ kind: 'refused', error: 'private' }, 1, DELAYS, middle)).toEqual({ kind: 'failed' });
  });

  it('jitters each delay by at most ±20 %', () => {
    expect(nextStep({ kind: 'answer', status: 500 }, 1, DELAYS, () => 0)).toEqual({ kind: 'retry', delayMs: 4_000 });
    expect(nextStep({ kind: 'answer', status: 500 }, 1, DELAYS, () => 0.999_999)).toEqual({ kind: 'retry', delayMs: 6_000 });
  });

  it('waits for a longer Retry-After, counted up to one hour; a shorter one changes nothing', () => {
    expect(nextStep({ kind: 'answer', status: 429, retryAfterMs: 60_000 }, 1, DELAYS, middle)).toEqual({ kind: 'retry', delayMs: 60_000 });
    expect(nextStep({ kind: 'answer', status: 503, retryAfterMs: 1_000 }, 1, DELAYS, middle)).toEqual({ kind: 'retry', delayMs: 5_000 });
    expect(nextStep({ kind: 'answer', status: 503, retryAfterMs: 86_400_000 }, 1, DELAYS, middle)).toEqual({
      kind: 'retry',
      delayMs: MAX_RETRY_AFTER_MS,
    });
    expect(nextStep({ kind: 'answer', status: 503, retryAfterMs: 600_000 }, 3, DELAYS, middle)).toEqual({
      kind: 'retry',
      delayMs: 1_800_000,
    });
  });
});

describe('parseRetryAfter (RFC 9110)', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds, capped at one hour', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('reads an HTTP-date relative to now', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or malformed header', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});
