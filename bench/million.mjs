/**
 * A million-delivery backlog (docs/api.md#isolation-between-apps,
 * docs/scaling.md), with Redis and one `node dist/worker.js`, against the
 * local receiver:
 *
 * 1. app B (a fresh app) recovers a backlog of `small` failed deliveries
 *    (20,000 by default): its drain rate is the yardstick;
 * 2. app A's delivery log, first page, timed at `small` rows and again once
 *    A holds `deliveries` (1,000,000) failed ones;
 * 3. A recovers all of them: the `202`'s time, then, while they drain, every
 *    `window` seconds: A's arrivals in that window, the worker's RSS, Redis's
 *    `used_memory`, A's first page again and B's (its `small` rows, the
 *    same load: the yardstick of A's page during the drain); and between windows the bench
 *    app's team moves (another app's fresh events), commit → arrival.
 *
 * The drain rate is A's from its first arrival to its last, against B's
 * (A's callback, like every app's, also receives the moves' events: a few
 * hundred among the million).
 */
import { Redis } from 'ioredis';

import { latency, waitForDeliveries } from './delivery.mjs';
import { appWithCallback, arrivedAt, insertFailed, recover, unregister } from './isolation.mjs';
import { growthVerdict, rssMiB } from './process-memory.mjs';
import { percentile } from './stats.mjs';

/** Targets of the million-delivery backlog (the issue's own, docs/scaling.md). */
export const MILLION_TARGETS = { recoverMs: 1000, rateSpread: 0.15, p99Ms: 1000, firstPageFactor: 1.5 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times `requests` sequential GETs of app `app`'s first page of deliveries (after 5 unmeasured). @returns `{ p50, p99 }` ms. */
async function firstPage(apiUrl, app, requests) {
  const samples = [];
  for (let i = 0; i < requests + 5; i++) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/callback/account_team_update/deliveries`, { headers: { authorization: app.auth } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`the delivery log answered ${response.status}: ${body.slice(0, 500)}`);
    if (i >= 5) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * Completed jobs the queue keeps (the service's `KEEP_COMPLETED` count, for
 * its repair after a crash): Redis's memory grows until that many deliveries
 * have completed, then holds.
 */
const KEPT_COMPLETED_JOBS = 100_000;

/** The worker's used V8 heap in MiB, from its `/metrics` (`nodejs_heap_size_used_bytes`). */
async function heapUsedMiB(worker) {
  const text = await (await fetch(`${worker.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('nodejs_heap_size_used_bytes'));
  return Number(line?.split(' ').at(-1)) / 2 ** 20;
}

/** Redis's `used_memory` in MiB. */
async function redisMiB(redis) {
  const info = await redis.info('memory');
  return Number(/^used_memory:(\d+)/m.exec(info)?.[1]) / 2 ** 20;
}

/** The delivery rate at `path` from its first arrival to its last (deliveries a second). */
function drainRate(receiver, path) {
  const drained = receiver.paths.get(path);
  return (drained.count - 1) / ((drained.last - drained.first) / 1000);
}

/** Inserts `count` failed deliveries for `app`, logging progress every 100,000. */
async function insertFailedLogged(connection, app, count, payload, log) {
  for (let done = 0; done < count; done += 100_000) {
    await insertFailed(connection, app, Math.min(100_000, count - done), payload);
    if (count > 100_000) log(`million: ${Math.min(count, done + 100_000)} of ${count} inserted`);
  }
}

/**
 * The whole measurement (see the module comment). Stops the running workers
 * first and leaves one running at the end, returned in `worker`.
 *
 * @param context `{ connection, receiver, apiUrl, auth, size, startWorker(name), stopWorkers(), createApp(name), payload, log, redisUrl }`.
 * @param settings `{ deliveries, small, window (s), rate (moves/s), moveSeconds, pageRequests }`.
 * @returns `{ deliveries, small, smallPerSecond, recoverMs, redelivered, perSecond,
 *   pages: { small, full, duringP50[] (A's, per window), smallDuringP50[] (B's, per window) },
 *   windows: [{ at, arrived, perSecond, workerMiB (RSS), workerHeapMiB (used), redisMiB, pageP50, smallPageP50 }],
 *   moves: { events, missing, errors, p50Ms, p99Ms, maxMs },
 *   memory: { worker, redis }, worker }`.
 */
export async function measureMillion(context, settings) {
  const { connection, receiver, log } = context;
  await context.stopWorkers();
  await waitForDeliveries(connection);
  const redis = new Redis(context.redisUrl);
  try {
    log(`million: app B recovers ${settings.small} deliveries (the yardstick)`);
    const b = await appWithCallback(context, 'million-b', '/million/b');
    await insertFailed(connection, b, settings.small, context.payload);
    receiver.reset();
    let worker = await context.startWorker('worker');
    await recover(context, b);
    await arrivedAt(receiver, b.path, settings.small, 600);
    const smallPerSecond = drainRate(receiver, b.path);
    await unregister(context, b);
    await waitForDeliveries(connection, 300);
    await context.stopWorkers();

    log(`million: app A's delivery log at ${settings.small} and ${settings.deliveries} rows`);
    const a = await appWithCallback(context, 'million-a', '/million/a');
    await insertFailed(connection, a, settings.small, context.payload);
    await connection.query('ANALYZE TABLE deliveries');
    const smallPage = await firstPage(context.apiUrl, a, settings.pageRequests);
    await insertFailedLogged(connection, a, settings.deliveries - settings.small, context.payload, log);
    await connection.query('ANALYZE TABLE deliveries');
    const fullPage = await firstPage(context.apiUrl, a, settings.pageRequests);

    log(`million: app A recovers ${settings.deliveries} deliveries`);
    receiver.reset();
    worker = await context.startWorker('worker');
    const started = performance.now();
    const redelivered = await recover(context, a);
    const recoverMs = performance.now() - started;
    const windows = [];
    const moves = [];
    let previous = 0;
    for (;;) {
      const windowStarted = performance.now();
      moves.push(await latency(context, settings.rate, settings.moveSeconds, '/events'));
      await sleep(Math.max(0, settings.window * 1000 - (performance.now() - windowStarted)));
      const arrived = receiver.paths.get(a.path)?.count ?? 0;
      const seconds = (performance.now() - windowStarted) / 1000;
      windows.push({
        at: Math.round((performance.now() - started) / 1000),
        arrived,
        perSecond: (arrived - previous) / seconds,
        workerMiB: await rssMiB(worker.pid),
        workerHeapMiB: await heapUsedMiB(worker),
        redisMiB: await redisMiB(redis),
        pageP50: (await firstPage(context.apiUrl, a, 20)).p50,
        // B's log (its `small` deliveries, kept after its callback went) under the same load: the yardstick of A's.
        smallPageP50: (await firstPage(context.apiUrl, b, 20)).p50,
      });
      log(`million: ${JSON.stringify(windows.at(-1))}`);
      previous = arrived;
      // A's callback takes every account_team_update too: the moves' events arrive at A as well, after its backlog.
      if (arrived >= settings.deliveries + moves.reduce((sum, move) => sum + move.events, 0)) break;
      if (windows.length > 1 && windows.at(-1).perSecond === 0 && windows.at(-2).perSecond === 0)
        throw new Error(`the drain stopped at ${arrived} of ${settings.deliveries}`);
    }
    const perSecond = drainRate(receiver, a.path);
    await unregister(context, a);
    await waitForDeliveries(connection, 300);
    // The first window holds the worker's start and the backlog's first admissions: the worker's heap is judged from
    // the second on; Redis's from the first window after the queue's kept completed jobs filled up.
    const steady = windows.slice(1);
    const redisSteady = windows.filter((window) => window.arrived >= KEPT_COMPLETED_JOBS).slice(1);
    const latencies = moves.flatMap((move) => move.latencies);
    return {
      deliveries: settings.deliveries,
      small: settings.small,
      smallPerSecond,
      recoverMs,
      redelivered,
      perSecond,
      pages: {
        small: smallPage,
        full: fullPage,
        duringP50: windows.map((window) => window.pageP50),
        smallDuringP50: windows.map((window) => window.smallPageP50),
      },
      windows,
      moves: {
        events: moves.reduce((sum, move) => sum + move.events, 0),
        missing: moves.reduce((sum, move) => sum + move.missing, 0),
        errors: moves.reduce((sum, move) => sum + move.errors, 0),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: percentile(latencies, 100),
      },
      memory: {
        worker: growthVerdict(steady.map((window) => window.workerHeapMiB)),
        redis: growthVerdict(redisSteady.map((window) => window.redisMiB)),
      },
      worker,
    };
  } finally {
    redis.disconnect();
  }
}

/** The million-delivery figures as a table. */
export function millionTable(million) {
  const rateFactor = million.perSecond / million.smallPerSecond;
  const pageFactor = million.pages.full.p50 / million.pages.small.p50;
  // During the drain, against B's small log in the same window: the log's size under the same load, not the load.
  const duringRatios = million.pages.duringP50.map((p50, index) => p50 / million.pages.smallDuringP50[index]);
  const duringFactor = percentile(duringRatios, 50);
  const duringMost = Math.max(...duringRatios);
  const yes = (ok) => (ok ? 'yes' : 'NO');
  const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  const { moves } = million;
  return [
    `A backlog of ${million.deliveries} (one \`node dist/worker.js\`, Redis, the local receiver answering 200 at once; windows of the drain ${million.windows.length}):`,
    '',
    '| measure | figure | target | met |',
    '|---|---|---|---|',
    `| \`recover\` of ${million.redelivered} deliveries | 202 in ${million.recoverMs.toFixed(0)} ms | <= ${MILLION_TARGETS.recoverMs} ms | ${yes(million.recoverMs <= MILLION_TARGETS.recoverMs)} |`,
    `| drain of ${million.deliveries} against ${million.small} (one worker) | ${million.perSecond.toFixed(0)}/s against ${million.smallPerSecond.toFixed(0)}/s (x${rateFactor.toFixed(2)}; windows ${range(million.windows.map((window) => window.perSecond))}/s) | within ±${MILLION_TARGETS.rateSpread * 100} % | ${yes(Math.abs(rateFactor - 1) <= MILLION_TARGETS.rateSpread)} |`,
    `| another app's team moves throughout: commit → arrival p50 / p99 / max | ${moves.p50Ms.toFixed(0)} / ${moves.p99Ms.toFixed(0)} / ${moves.maxMs.toFixed(0)} ms (${moves.events} moves, ${moves.missing} missing, ${moves.errors} errors) | p99 <= ${MILLION_TARGETS.p99Ms} ms | ${yes(moves.p99Ms <= MILLION_TARGETS.p99Ms && moves.missing === 0 && moves.errors === 0)} |`,
    `| the worker's used heap over the drain (RSS) | ${range(million.windows.slice(1).map((window) => window.workerHeapMiB))} MiB (${million.memory.worker}; RSS ${range(million.windows.slice(1).map((window) => window.workerMiB))} MiB) | flat | ${yes(million.memory.worker === 'flat')} |`,
    `| Redis's \`used_memory\` once ${KEPT_COMPLETED_JOBS} completed jobs are kept | ${range(
      million.windows
        .filter((window) => window.arrived >= KEPT_COMPLETED_JOBS)
        .slice(1)
        .map((window) => window.redisMiB),
    )} MiB (${million.memory.redis}; ${range(million.windows.map((window) => window.redisMiB))} MiB over the whole drain) | flat | ${yes(million.memory.redis === 'flat')} |`,
    `| the delivery log's first page p50 at ${million.deliveries} against ${million.small} rows | at rest ${million.pages.full.p50.toFixed(1)} against ${million.pages.small.p50.toFixed(1)} ms (x${pageFactor.toFixed(2)}); during the drain ${percentile(million.pages.duringP50, 50).toFixed(1)} against ${percentile(million.pages.smallDuringP50, 50).toFixed(1)} ms (B's log in the same windows; the windows' median ratio x${duringFactor.toFixed(2)}, the highest x${duringMost.toFixed(2)}) | <= x${MILLION_TARGETS.firstPageFactor} | ${yes(pageFactor <= MILLION_TARGETS.firstPageFactor && duringFactor <= MILLION_TARGETS.firstPageFactor)} |`,
  ].join('\n');
}

/** Whether any target of the million-delivery backlog was missed. */
export function millionMissed(million) {
  return millionTable(million).includes('| NO |');
}
