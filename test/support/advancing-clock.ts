import { Clock } from '../../src/clock/clock.js';
import type { TestApp } from './test-app.js';

/**
 * Makes the running app's {@link Clock} run ahead of the wall clock by what the
 * test asks, so that lifetimes (sessions) are tested without sleeping.
 * @returns `advance(seconds)`, which moves the app's time forward.
 */
export function advancingClock(t: TestApp): { advance(seconds: number): void } {
  const clock = t.app.get(Clock);
  const wallClock = clock.nowSeconds.bind(clock);
  let offset = 0;
  clock.nowSeconds = () => wallClock() + offset;
  return {
    advance(seconds: number) {
      offset += seconds;
    },
  };
}
