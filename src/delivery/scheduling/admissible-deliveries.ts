import type { DueByCallback } from '../../read-model/due-deliveries.reader.js';

/**
 * How many of the deliveries due now the workers may attempt at once
 * (docs/scaling.md#autoscaling-the-workers): per callback at most its
 * `rate_limit` (attempts it accepts a second), per app at most its `window`
 * (`4 × CALLBACK_CONCURRENCY`, what the scheduler lets one app have admitted),
 * summed over the apps. One app's backlog of 20,000 counts as one window, not
 * as 20,000: more workers could not drain it faster.
 *
 * @param due the due deliveries per callback.
 * @param window one app's window.
 */
export function admissibleDeliveries(due: readonly DueByCallback[], window: number): number {
  const byApp = new Map<number, number>();
  for (const callback of due) {
    const admissible = callback.rateLimit === null ? callback.due : Math.min(callback.due, callback.rateLimit);
    byApp.set(callback.appId, (byApp.get(callback.appId) ?? 0) + admissible);
  }
  let total = 0;
  for (const count of byApp.values()) total += Math.min(count, window);
  return total;
}
