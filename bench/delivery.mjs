/**
 * The delivery pipeline (outbox → relay → BullMQ → worker → callback), with
 * Redis and `node dist/worker.js`, measured end to end against the local
 * receiver (receiver.mjs):
 *
 * - relay: a backlog of events is committed hidden from the relay
 *   (`dispatched_at` far in the future) and then released with one UPDATE, with the workers
 *   stopped: the API relays it into deliveries and enqueues them; statements,
 *   MariaDB and API CPU per event are what relaying and enqueuing cost;
 * - throughput: the enqueued backlog drained by one worker, then (a second
 *   backlog) by two: deliveries per second from the first arrival to the
 *   last, and their cost per delivery;
 * - latency: team moves committed through the API at a steady rate with one
 *   worker running, each timed from the API's answer (just after its commit)
 *   to its arrival at the receiver.
 */
import { rssMiB } from './process-memory.mjs';
import { cpuMillis } from './process-cpu.mjs';
import { backgroundRate, questions } from './statements.mjs';
import { accountIdAt } from './seed.mjs';
import { percentile } from './stats.mjs';

const INSERT_CHUNK = 2000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Events not yet relayed plus deliveries still pending. */
async function outstanding(connection) {
  const [[row]] = await connection.query(
    `SELECT (SELECT COUNT(*) FROM outbox_events WHERE dispatched_at IS NULL)
          + (SELECT COUNT(*) FROM deliveries WHERE status = 'pending') AS n`,
  );
  return Number(row.n);
}

/**
 * Waits until nothing is left to relay or deliver (so that one scenario's
 * deliveries do not run during the next), at most `timeoutSeconds`.
 *
 * @returns seconds waited.
 * @throws Error when work is still outstanding after the timeout.
 */
export async function waitForDeliveries(connection, timeoutSeconds = 120) {
  const started = performance.now();
  for (;;) {
    const left = await outstanding(connection);
    if (left === 0) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutSeconds * 1000) throw new Error(`${left} events or deliveries still outstanding`);
    await sleep(200);
  }
}

/** Polls `done()` every `everyMs` until it holds. @returns how many times it was called. @throws Error after `timeoutSeconds`. */
async function pollUntil(done, what, timeoutSeconds, everyMs) {
  const deadline = performance.now() + timeoutSeconds * 1000;
  for (let calls = 1; ; calls += 1) {
    if (await done()) return calls;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** CPU milliseconds of each pid so far (undefined entries for unknown pids). */
const cpuOf = (pids) => Promise.all(pids.map(cpuMillis));
const cpuSpent = (before, after) => after.reduce((sum, value, index) => sum + (value - before[index]), 0);

/**
 * `dispatched_at` of events hidden from the relay: far in the future, so that
 * the services' retention pass (which deletes unreferenced events relayed
 * before `DELIVERY_RETENTION` ago) leaves them alone too.
 */
const HIDDEN = 9e12;

/**
 * Commits `count` `account_team_update` events with `payload`, hidden from the relay (`dispatched_at = HIDDEN`), in the
 * current callback epoch (as the service records them: they go to the callbacks registered before).
 */
async function insertHiddenEvents(connection, count, payload) {
  const now = Date.now() / 1000;
  const [[{ epoch }]] = await connection.query('SELECT epoch FROM callback_epoch WHERE id = 1');
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const rows = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, () => ['account_team_update', payload, now, HIDDEN, epoch]);
    await connection.query('INSERT INTO outbox_events (type, payload, created_at, dispatched_at, callback_epoch) VALUES ?', [rows]);
  }
}

/**
 * Releases a hidden backlog of `count` events and waits until the running
 * processes (the API alone: workers stopped) have relayed it: one pending
 * delivery per event written (the scheduler then admits them window by
 * window as attempts end, so nothing waits for the queue here).
 *
 * @returns `{ events, seconds, eventsPerSecond, sqlPerEvent, databaseCpuMsPerEvent, apiCpuMsPerEvent }`.
 */
async function relayBacklog(context, count) {
  const { connection, counter, pids } = context;
  const background = await backgroundRate(counter);
  await connection.query('UPDATE outbox_events SET dispatched_at = NULL WHERE dispatched_at = ?', [HIDDEN]);
  const started = performance.now();
  const cpuBefore = await cpuOf([pids.database, pids.api]);
  const before = await questions(counter);
  const polls = await pollUntil(
    async () => {
      const [[row]] = await connection.query('SELECT COUNT(*) AS n FROM outbox_events WHERE dispatched_at IS NULL');
      return Number(row.n) === 0;
    },
    'the relay',
    300,
    100,
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await cpuOf([pids.database, pids.api]);
  const statements = (await questions(counter)) - before - 1 - polls - background * seconds * 1000;
  return {
    events: count,
    seconds,
    eventsPerSecond: count / seconds,
    sqlPerEvent: statements / count,
    databaseCpuMsPerEvent: (cpuAfter[0] - cpuBefore[0]) / count,
    apiCpuMsPerEvent: (cpuAfter[1] - cpuBefore[1]) / count,
  };
}

/**
 * Starts `workerCount` workers on an enqueued backlog of `count` deliveries
 * and waits until the receiver has them all; the workers are stopped after.
 * Rates and costs run from the first arrival to the last (worker start-up
 * excluded).
 *
 * @returns `{ workers, deliveries, seconds, deliveriesPerSecond, sqlPerDelivery, databaseCpuMsPerDelivery, workerCpuMsPerDelivery }`.
 */
async function drainBacklog(context, count, workerCount) {
  const { counter, receiver, pids, startWorker } = context;
  const background = await backgroundRate(counter);
  receiver.reset();
  const workers = await Promise.all(Array.from({ length: workerCount }, (_, index) => startWorker(`worker-${index + 1}`)));
  try {
    await pollUntil(() => receiver.count > 0, 'the first delivery', 60, 10);
    const startCount = receiver.count;
    const startedAt = performance.now();
    const cpuBefore = await cpuOf([pids.database, ...workers.map((worker) => worker.pid)]);
    const before = await questions(counter);
    await pollUntil(() => receiver.count >= count, `${count} deliveries`, 600, 20);
    const cpuAfter = await cpuOf([pids.database, ...workers.map((worker) => worker.pid)]);
    const elapsedMs = performance.now() - startedAt;
    const statements = (await questions(counter)) - before - 1 - background * elapsedMs;
    const measured = receiver.count - startCount;
    return {
      workers: workerCount,
      deliveries: receiver.count,
      seconds: (receiver.last - receiver.first) / 1000,
      deliveriesPerSecond: (receiver.count - 1) / ((receiver.last - receiver.first) / 1000),
      sqlPerDelivery: statements / measured,
      databaseCpuMsPerDelivery: (cpuAfter[0] - cpuBefore[0]) / measured,
      workerCpuMsPerDelivery: cpuSpent(cpuBefore.slice(1), cpuAfter.slice(1)) / measured,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}

/**
 * Moves `rate` accounts a second between teams for `seconds` through the API
 * (distinct accounts, each to a team other than its own) and times each from
 * the API's answer to the delivery's arrival at the receiver (at `path` when given: one app's callback).
 *
 * @returns `{ events, errors, missing, p50Ms, p99Ms, maxMs, patchP99Ms, latencies }`; `missing` events never arrived within
 *   60 s; `latencies` every arrival's commit → arrival (ms), for a caller that pools several runs.
 * @throws Error when `rate × seconds` exceeds the data set's accounts (a delivery is told apart by its account).
 */
export async function latency(context, rate, seconds, path) {
  const { connection, receiver, apiUrl, auth, size } = context;
  const total = rate * seconds;
  if (total > size.accounts) {
    throw new Error(
      `--latency-rate × --latency-duration is ${total} moves, more than the ${size.accounts} accounts of the data set: ` +
        'each move needs an account of its own (a larger --scale, or a shorter --latency-duration)',
    );
  }
  const ids = Array.from({ length: total }, (_, index) => accountIdAt((index * 7919) % size.accounts));
  const [rows] = await connection.query('SELECT id, team_id FROM accounts');
  const teamOf = new Map(rows.map((row) => [BigInt(row.id).toString(), row.team_id]));
  const answered = new Map();
  const patchMs = [];
  let errors = 0;
  receiver.track(true, path);
  const started = performance.now();
  const requests = ids.map(async (id, index) => {
    await sleep(started + (index * 1000) / rate - performance.now());
    const sentAt = performance.now();
    const team = ((teamOf.get(id) ?? 0) % size.teams) + 1;
    try {
      const response = await fetch(`${apiUrl}/account/${id}`, {
        method: 'PATCH',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ team }),
      });
      await response.arrayBuffer();
      if (!response.ok) errors += 1;
      else answered.set(id, performance.now());
    } catch {
      // A connection the API did not take in time (a machine overloaded): an error, not the end of the run.
      errors += 1;
    }
    patchMs.push(performance.now() - sentAt);
  });
  await Promise.all(requests);
  try {
    await pollUntil(() => [...answered.keys()].every((id) => receiver.arrivals.has(id)), 'every delivery', 60, 50);
  } catch {
    // reported as missing below
  }
  receiver.track(false);
  const latencies = [...answered].filter(([id]) => receiver.arrivals.has(id)).map(([id, at]) => receiver.arrivals.get(id) - at);
  return {
    events: answered.size,
    errors,
    missing: answered.size - latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    patchP99Ms: percentile(patchMs, 99),
    latencies,
  };
}

/**
 * The whole pipeline measurement. Stops the running workers first and leaves
 * one running at the end (the deployed set-up), returned in `worker`.
 *
 * @param context `{ connection, counter, receiver, apiUrl, auth, size, pids: { database, api },
 *   startWorker(name), stopWorkers(), payload, log }`.
 * @param settings `{ backlog, rate, seconds }`.
 * @returns `{ relay: [..], drain: [one worker, two workers], twoWorkerRatio, latency, rss: { apiMiB, workerMiB } (after the
 *   latency phase), worker }`.
 */
export async function measurePipeline(context, settings) {
  const { connection, log } = context;
  await context.stopWorkers();
  await waitForDeliveries(connection);
  const relay = [];
  const drain = [];
  for (const workerCount of [1, 2]) {
    log(`delivery pipeline: committing a backlog of ${settings.backlog} events`);
    await insertHiddenEvents(connection, settings.backlog, context.payload);
    log('delivery pipeline: relaying it (API alone)');
    relay.push(await relayBacklog(context, settings.backlog));
    log(`delivery pipeline: draining it with ${workerCount} worker(s)`);
    drain.push(await drainBacklog(context, settings.backlog, workerCount));
  }
  log(`delivery pipeline: latency at ${settings.rate} events/s for ${settings.seconds} s, one worker`);
  const worker = await context.startWorker('worker');
  const latencyResult = await latency(context, settings.rate, settings.seconds);
  await waitForDeliveries(connection);
  const rss = { apiMiB: await rssMiB(context.pids.api), workerMiB: await rssMiB(worker.pid) };
  return { relay, drain, twoWorkerRatio: drain[1].deliveriesPerSecond / drain[0].deliveriesPerSecond, latency: latencyResult, rss, worker };
}
