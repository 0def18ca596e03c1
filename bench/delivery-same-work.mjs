/**
 * The delivery worker against its same-work reference (reference-worker.mjs:
 * bare Node with mysql2, BullMQ and node:crypto, sending per delivery the
 * statements the service's worker sends and the same signed request to the
 * same receiver), part of `--only delivery` (`delivery same work`).
 *
 * 1. **Check.** A small backlog is relayed by the API and drained by the
 *    service's worker, then another by the reference, each with MariaDB's
 *    general log on (work-capture.mjs): both must send the same statements,
 *    those sent per delivery as often. The run stops on a drift (after three
 *    captures that differ, printing both).
 * 2. **Rounds.** Per scenario and round, the reference and the worker one
 *    after the other (the order swapped each round), each alone on the
 *    queue: a pipeline backlog (events relayed by the API with no worker
 *    running, then drained), a recovered backlog (failed deliveries inserted
 *    in bulk, then `recover`), and team moves through the API at a steady
 *    rate (commit → receipt). Per run: deliveries per second (first arrival
 *    to last), statements per delivery (`Questions`, background
 *    subtracted), worker and MariaDB CPU per delivery.
 */
import { loadavg } from 'node:os';

import { cpuMillis } from './process-cpu.mjs';
import { appWithCallback, insertFailed, recover, unregister } from './isolation.mjs';
import { latency, waitForDeliveries } from './delivery.mjs';
import { backgroundRate, questions } from './statements.mjs';
import { median } from './stats.mjs';
import { captureShapes, shapeDifference } from './work-capture.mjs';

const INSERT_CHUNK = 2000;

/** Deliveries per check capture: enough for every timer of a pass (1–2 s) to fire with the general log on. */
const CHECK_DELIVERIES = 1500;

/** Captures of each side before the run stops on a difference (a timer's statement may fall outside one). */
const CHECK_ATTEMPTS = 3;

/** The ratio the worker should reach against its same-work reference. */
export const SAME_WORK_TARGET = 0.7;

/** `dispatched_at` of events hidden from the relay (as delivery.mjs). */
const HIDDEN = 9e12;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done, what, timeoutSeconds, everyMs = 20) {
  const deadline = performance.now() + timeoutSeconds * 1000;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Commits `count` events hidden from the relay, releases them, and waits until the API (alone) relayed them. */
async function relayedBacklog(connection, count, payload) {
  const now = Date.now() / 1000;
  const [[{ epoch }]] = await connection.query('SELECT epoch FROM callback_epoch WHERE id = 1');
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const rows = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, () => ['account_team_update', payload, now, HIDDEN, epoch]);
    await connection.query('INSERT INTO outbox_events (type, payload, created_at, dispatched_at, callback_epoch) VALUES ?', [rows]);
  }
  await connection.query('UPDATE outbox_events SET dispatched_at = NULL WHERE dispatched_at = ?', [HIDDEN]);
  await until(
    async () => {
      const [[row]] = await connection.query('SELECT COUNT(*) AS n FROM outbox_events WHERE dispatched_at IS NULL');
      return Number(row.n) === 0;
    },
    'the relay',
    300,
    100,
  );
}

/**
 * One drain by `drainer` (a started worker or reference: `{ pid, stop }`), measured from the first arrival to the
 * `count`th; the drainer is left running (the caller stops it).
 */
async function measureDrain(context, drainer, count) {
  const { counter, receiver, pids } = context;
  await until(() => receiver.count > 0, 'the first delivery', 60, 5);
  const startCount = receiver.count;
  const cpuBefore = [await cpuMillis(pids.database), await cpuMillis(drainer.pid)];
  const before = await questions(counter);
  const startedAt = performance.now();
  await until(() => receiver.count >= count, `${count} deliveries`, 900);
  const elapsedMs = performance.now() - startedAt;
  const cpuAfter = [await cpuMillis(pids.database), await cpuMillis(drainer.pid)];
  const statements = (await questions(counter)) - before - 1 - context.background * elapsedMs;
  const measured = receiver.count - startCount;
  return {
    deliveriesPerSecond: (receiver.count - 1) / ((receiver.last - receiver.first) / 1000),
    sqlPerDelivery: statements / measured,
    databaseCpuMs: (cpuAfter[0] - cpuBefore[0]) / measured,
    workerCpuMs: (cpuAfter[1] - cpuBefore[1]) / measured,
  };
}

/** The scenarios: each prepares its work with no drainer running, then measures one drainer on it. */
function scenarios(context, settings) {
  const { connection } = context;
  return [
    {
      name: `pipeline backlog of ${settings.backlog}`,
      prepare: () => relayedBacklog(connection, settings.backlog, context.payload),
      measure: (drainer) => measureDrain(context, drainer, settings.backlog),
    },
    {
      name: `recovered backlog of ${settings.backlog}`,
      prepare: async () => {
        const app = await appWithCallback(context, `same-work-${(context.apps = (context.apps ?? 0) + 1)}`, `/recovered-${context.apps}`);
        await insertFailed(connection, app, settings.backlog, context.payload);
        context.recovering = app;
      },
      measure: async (drainer) => {
        const app = context.recovering;
        await recover(context, app);
        const result = await measureDrain(context, drainer, settings.backlog);
        await waitForDeliveries(connection);
        await unregister(context, app);
        return result;
      },
    },
    {
      name: `team moves at ${settings.rate}/s`,
      prepare: async () => {},
      measure: async (drainer) => {
        const { counter, pids } = context;
        await sleep(1000);
        const before = await questions(counter);
        const cpuBefore = [await cpuMillis(pids.database), await cpuMillis(drainer.pid), await cpuMillis(pids.api)];
        const startedAt = performance.now();
        const moved = await latency(context, settings.rate, settings.seconds);
        const elapsedMs = performance.now() - startedAt;
        const cpuAfter = [await cpuMillis(pids.database), await cpuMillis(drainer.pid), await cpuMillis(pids.api)];
        // Statements of the worker alone cannot be told from the API's here: the moves' own (PATCH) are left in.
        const statements = (await questions(counter)) - before - 1 - context.background * elapsedMs;
        return {
          deliveriesPerSecond: (moved.events - moved.missing) / (elapsedMs / 1000),
          sqlPerDelivery: statements / moved.events,
          databaseCpuMs: (cpuAfter[0] - cpuBefore[0]) / moved.events,
          workerCpuMs: (cpuAfter[1] - cpuBefore[1]) / moved.events,
          p99Ms: moved.p99Ms,
          p50Ms: moved.p50Ms,
          errors: moved.errors,
          missing: moved.missing,
        };
      },
    },
  ];
}

/** Starts the service's worker (with `--cpu-prof` under `--profile`) or the reference. */
function startDrainer(context, side) {
  return side === 'service' ? context.startProfiledWorker('worker-same-work') : context.startReferenceWorker();
}

/**
 * The check: `CHECK_DELIVERIES` relayed and drained by each side with the general log on.
 * @returns statements per delivery seen in the service's capture. @throws Error on a drift.
 */
async function checkSameWork(context) {
  const { connection, receiver, log } = context;
  let difference;
  for (let attempt = 1; attempt <= CHECK_ATTEMPTS; attempt += 1) {
    const captures = {};
    const deliveries = {};
    for (const side of ['service', 'reference']) {
      await relayedBacklog(connection, CHECK_DELIVERIES, context.payload);
      receiver.reset();
      let drainer;
      let first;
      captures[side] = await captureShapes(
        connection,
        async () => {
          drainer = await startDrainer(context, side);
          await until(() => receiver.count > 0, 'the first delivery', 60, 5);
          first = receiver.count;
        },
        () => until(() => receiver.count >= CHECK_DELIVERIES, `${CHECK_DELIVERIES} deliveries`, 300),
      );
      deliveries[side] = receiver.count - first;
      await drainer.stop();
      await waitForDeliveries(connection);
    }
    difference = shapeDifference(captures.service, captures.reference, deliveries);
    if (!difference) {
      const total = [...captures.service.values()].reduce((sum, count) => sum + count, 0);
      log(
        `same work: ${captures.service.size} statement shapes, ${(total / deliveries.service).toFixed(2)} statements per delivery, the same on both`,
      );
      return total / deliveries.service;
    }
    if (attempt < CHECK_ATTEMPTS)
      log(`same work: the captures differed (attempt ${attempt}: ${difference.split('\n')[0]}), checking again`);
  }
  throw new Error(`the same-work reference drifted from the worker: ${difference}`);
}

/**
 * The check, then `rounds` rounds of every scenario on each side, the order swapped each round.
 *
 * @param context the pipeline's (delivery.mjs) plus `startProfiledWorker(name)`, `startReferenceWorker()` and `createApp(name)`.
 * @param settings `{ backlog, rate, seconds, rounds, referenceBatch }` (`referenceBatch`: the reference's deliveries per job).
 * @returns `{ checkedStatements, referenceBatch, results: [{ name, ratio, ratioMin, ratioMax, service, reference, rounds }] }`
 *   (`checkedStatements` null when the check was left out).
 */
export async function measureSameWork(context, settings) {
  const { connection, log } = context;
  await context.stopWorkers();
  await waitForDeliveries(connection);
  context.background = await backgroundRate(context.counter);
  // Several deliveries a job is a job model the service does not have: its statements differ by design (fewer, larger
  // reads and outcomes), so there is nothing to check them against; the table then says what that model would save.
  const checkedStatements = settings.referenceBatch > 1 ? null : await checkSameWork(context);
  if (checkedStatements === null)
    log(`same work: the reference carries ${settings.referenceBatch} deliveries a job; the statement check is left out`);
  const results = [];
  for (const scenario of scenarios(context, settings)) {
    const runs = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      const order = round % 2 === 1 ? ['reference', 'service'] : ['service', 'reference'];
      const figures = {};
      for (const side of order) {
        log(`same work, round ${round}: ${scenario.name} on the ${side === 'service' ? "service's worker" : 'reference'}`);
        await scenario.prepare();
        context.receiver.reset();
        const drainer = await startDrainer(context, side);
        try {
          figures[side] = { ...(await scenario.measure(drainer)), load: loadavg()[0] };
          const figure = figures[side];
          log(
            `same work: ${figure.deliveriesPerSecond.toFixed(0)} deliveries/s, ${figure.sqlPerDelivery.toFixed(2)} statements and ` +
              `${figure.workerCpuMs.toFixed(3)} ms of worker CPU per delivery${figure.p99Ms === undefined ? '' : `, p99 ${figure.p99Ms.toFixed(0)} ms`}, load ${figure.load.toFixed(2)}`,
          );
        } finally {
          await drainer.stop();
        }
        await waitForDeliveries(connection);
      }
      runs.push({ ...figures, ratio: figures.service.deliveriesPerSecond / figures.reference.deliveriesPerSecond });
    }
    const medians = (side) =>
      Object.fromEntries(
        ['deliveriesPerSecond', 'sqlPerDelivery', 'workerCpuMs', 'databaseCpuMs', 'p99Ms', 'load'].map((field) => [
          field,
          runs[0][side][field] === undefined ? undefined : median(runs.map((run) => run[side][field])),
        ]),
      );
    const ratios = runs.map((run) => run.ratio);
    results.push({
      name: scenario.name,
      ratio: median(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      errors: runs.reduce((sum, run) => sum + (run.service.errors ?? 0) + (run.service.missing ?? 0), 0),
      service: medians('service'),
      reference: medians('reference'),
      rounds: runs,
    });
  }
  return { checkedStatements, referenceBatch: settings.referenceBatch, results };
}

const fixed = (value, digits) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));

/** The Markdown table of {@link measureSameWork}'s results. */
export function sameWorkTable({ results, referenceBatch }) {
  const title = referenceBatch > 1 ? `delivery (reference: ${referenceBatch} deliveries a job)` : 'delivery (same work)';
  const header =
    `| ${title} |` +
    ' service deliveries/s | reference deliveries/s | ratio (median) | ratio min–max | statements/delivery service / reference | worker CPU ms/delivery service / reference | DB CPU ms/delivery service / reference | p99 commit → receipt ms service / reference | load (1 min) | >= 0.7 |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const rows = results.map(
    (result) =>
      `| ${result.name} | ${fixed(result.service.deliveriesPerSecond, 0)} | ${fixed(result.reference.deliveriesPerSecond, 0)} | ` +
      `${fixed(result.ratio, 2)} | ${fixed(result.ratioMin, 2)}–${fixed(result.ratioMax, 2)} | ` +
      `${fixed(result.service.sqlPerDelivery, 2)} / ${fixed(result.reference.sqlPerDelivery, 2)} | ` +
      `${fixed(result.service.workerCpuMs, 3)} / ${fixed(result.reference.workerCpuMs, 3)} | ` +
      `${fixed(result.service.databaseCpuMs, 3)} / ${fixed(result.reference.databaseCpuMs, 3)} | ` +
      `${fixed(result.service.p99Ms, 0)} / ${fixed(result.reference.p99Ms, 0)} | ${fixed(result.service.load, 2)} | ` +
      `${result.errors === 0 && result.ratio >= SAME_WORK_TARGET ? 'yes' : 'no'} |`,
  );
  return [header, ...rows].join('\n');
}
