import { describe, expect, it } from 'vitest';

import { admissibleDeliveries } from './admissible-deliveries.js';

const WINDOW = 40;

describe('admissibleDeliveries (docs/scaling.md#autoscaling-the-workers)', () => {
  it('counts one app’s backlog of 20,000 as its window', () => {
    expect(admissibleDeliveries([{ appId: 1, callbackId: 10, rateLimit: null, due: 20_000 }], WINDOW)).toBe(40);
  });

  it('sums the windows of several backlogged apps, and what is due of the apps below their window', () => {
    const due = [
      { appId: 1, callbackId: 10, rateLimit: null, due: 20_000 },
      { appId: 2, callbackId: 20, rateLimit: null, due: 5_000 },
      { appId: 3, callbackId: 30, rateLimit: null, due: 7 },
    ];
    expect(admissibleDeliveries(due, WINDOW)).toBe(40 + 40 + 7);
  });

  it('caps a rate-limited callback at its rate_limit, and an app’s callbacks together at its window', () => {
    const due = [
      { appId: 1, callbackId: 10, rateLimit: 5, due: 20_000 },
      { appId: 2, callbackId: 20, rateLimit: 30, due: 1_000 },
      { appId: 2, callbackId: 21, rateLimit: null, due: 25 },
      { appId: 3, callbackId: null, rateLimit: null, due: 3 },
    ];
    expect(admissibleDeliveries(due, WINDOW)).toBe(5 + 40 + 3);
  });

  it('is 0 with nothing due', () => {
    expect(admissibleDeliveries([], WINDOW)).toBe(0);
  });
});
