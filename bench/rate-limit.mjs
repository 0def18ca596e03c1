/**
 * A callback's rate limit at the receiver (docs/api.md#rate-limit), with
 * Redis and `workers` `node dist/worker.js`: an app whose callback has
 * `rate_limit` `limit` recovers `deliveries` deliveries that failed for good,
 * all due at once, `runs` times (a fresh app and path each run); for each run,
 * the most arrivals at the local receiver within any sliding second. The
 * target is the limit exactly: more is a breach, fewer a limit the burst
 * never reached.
 */
import { waitForDeliveries } from './delivery.mjs';
import { appWithCallback, arrivedAt, insertFailed, recover, unregister } from './isolation.mjs';

/** The most of `times` (ms, ascending) within any window of `windowMs`. */
export function mostWithin(times, windowMs) {
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last] - times[first] >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * The measurement (see the module comment). Stops the running workers first
 * and leaves `workers` running at the end, the first returned in `worker`.
 *
 * @param context `{ connection, receiver, apiUrl, startWorker(name), stopWorkers(), createApp(name), payload, log }`.
 * @param settings `{ limit, deliveries, workers, runs }`.
 * @returns `{ limit, deliveries, workers, runs: [{ mostPerSecond, seconds }], worker }`.
 */
export async function measureRateLimit(context, settings) {
  const { connection, receiver, log } = context;
  await context.stopWorkers();
  await waitForDeliveries(connection);
  const worker = await context.startWorker('worker');
  for (let index = 2; index <= settings.workers; index++) await context.startWorker(`worker-${index}`);
  const runs = [];
  for (let run = 1; run <= settings.runs; run++) {
    log(
      `rate limit: run ${run}: ${settings.deliveries} deliveries to a callback limited to ${settings.limit}/s, ${settings.workers} worker(s)`,
    );
    const app = await appWithCallback(context, `rate-limit-${run}`, `/rate-limit/${run}`, settings.limit);
    await insertFailed(connection, app, settings.deliveries, context.payload);
    receiver.reset();
    await recover(context, app);
    await arrivedAt(receiver, app.path, settings.deliveries, Math.ceil((settings.deliveries / settings.limit) * 3) + 60);
    const { times, first, last } = receiver.paths.get(app.path);
    runs.push({ mostPerSecond: mostWithin(times, 1000), seconds: (last - first) / 1000 });
    await unregister(context, app);
    await waitForDeliveries(connection, 300);
  }
  return { limit: settings.limit, deliveries: settings.deliveries, workers: settings.workers, runs, worker };
}
