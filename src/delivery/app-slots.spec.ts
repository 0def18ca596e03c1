import { describe, expect, it } from 'vitest';

import { loadAppConfig } from '../config/environment.js';
import { AppSlots } from './app-slots.js';

describe('AppSlots', () => {
  it('holds each app to CALLBACK_APP_CONCURRENCY attempts, and names the apps at their share', () => {
    const slots = new AppSlots(loadAppConfig({ CALLBACK_APP_CONCURRENCY: '2' }));
    expect([slots.tryTake(1), slots.tryTake(1), slots.tryTake(1), slots.tryTake(2)]).toEqual([true, true, false, true]);
    expect(slots.fullApps()).toEqual([1]);
    slots.release(1);
    expect(slots.fullApps()).toEqual([]);
    expect(slots.tryTake(1)).toBe(true);
  });

  it('gives each app a quarter of CALLBACK_CONCURRENCY by default, at least one', () => {
    expect(loadAppConfig({}).callbackAppConcurrency).toBe(2);
    expect(loadAppConfig({ CALLBACK_CONCURRENCY: '40' }).callbackAppConcurrency).toBe(10);
    expect(loadAppConfig({ CALLBACK_CONCURRENCY: '3' }).callbackAppConcurrency).toBe(1);
    expect(loadAppConfig({ CALLBACK_CONCURRENCY: '3', CALLBACK_APP_CONCURRENCY: '3' }).callbackAppConcurrency).toBe(3);
  });
});
