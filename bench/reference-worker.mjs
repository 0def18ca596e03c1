/**
 * The same-work reference of the delivery worker (delivery-same-work.mjs):
 * bare Node (mysql2, BullMQ, node:http, node:crypto) doing what
 * `node dist/worker.js` does for each delivery of the bench's receiver, with
 * the statements it sends, by the same protocol, and the same Redis round
 * trips (BullMQ, the same queue, job ids and worker options):
 *
 * - a pump: a pass 5 ms after an attempt ended, at least every second,
 *   that claims unrelayed events once a second (a claim that finds some
 *   rolls back and leaves them to the API, which relays its own commits
 *   within 50 ms) and then looks for open recoveries (their batches are left
 *   to the API), and admits due deliveries into the app's window
 *   (4 × concurrency) once, in a READ COMMITTED transaction, then adds their
 *   jobs in one call; every 2 s it looks up the admissions made since in
 *   Redis (one `getJob` each), every job lock (30 s) the long-held ones;
 *   every 5 s the account name ranges' two reads (the read model's pass,
 *   which the worker runs too);
 * - per job (10 at once, one app held to its share of them, borrowing while it
 *   answers fast, a job of a fast app with no slot free waiting up to 250 ms
 *   for one of its attempts to end): the attempt's `SELECT`, the same signed `POST` (the
 *   Standard Webhooks headers, HMAC-SHA256 of node:crypto), the outcome's
 *   `UPDATE` and, at most once a second per callback, its success; the reads
 *   of attempts starting while one read runs go together in the next, and so
 *   do the outcomes (one statement at a time of each, at most 16 each).
 *
 * With `REFERENCE_BATCH` above 1, a job model the service does not have: each
 * job carries up to that many admissions of one app, attempted at once (each
 * in a slot of its app, as above), with `⌈10 / REFERENCE_BATCH⌉ + 1` jobs at
 * once and one Redis look-up per job's worth of admissions in the check: what
 * several deliveries a job would save (`--reference-batch`).
 *
 * No framework, no logging, no metrics, no tracing. Rate limits, disabled
 * callbacks, retries and the job-failure path are not mirrored: the bench's
 * receiver answers 200 at once and its callback has no rate limit.
 *
 * Environment: DATABASE_URL, REDIS_URL, QUEUE_PREFIX, PORT (a probe answering 200 once the worker runs).
 */
import { createHmac } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';

import { DelayedError, Queue, Worker } from 'bullmq';
import { createPool } from 'mysql2/promise';

const QUEUE = 'callback-deliveries';
const CONCURRENCY = 10;
const PER_APP = Math.max(1, Math.floor(CONCURRENCY / 4));
const WINDOW = 4 * CONCURRENCY;
const LOCK_MS = 30_000;
const POLL_MS = 1_000;
const REFILL_MS = 5;
const CHECK_INTERVAL_MS = 2_000;
const CHECK_AFTER_SECONDS = 6;
const EXCERPT = 1024;
const TIMEOUT_MS = 10_000;
const BATCH = Number(process.env.REFERENCE_BATCH ?? 1);

const nowSeconds = () => Date.now() / 1000;
const pool = createPool({ uri: process.env.DATABASE_URL, connectionLimit: 20, decimalNumbers: true });
const connection = { connection: { url: process.env.REDIS_URL }, prefix: process.env.QUEUE_PREFIX };
const queue = new Queue(QUEUE, connection);
const agent = new Agent({ keepAlive: true });

// --- statements, as the worker sends them --------------------------------------------------------------------------

/** The attempts' read for `count` ids (the service's `findAttempts`, its list padded to a power of two). */
const ATTEMPTS = (count) =>
  'SELECT d.id, d.round, d.status, d.attempts, d.total_attempts AS totalAttempts, d.app_id AS appId, d.webhook_id AS webhookId,\n' +
  '              d.enqueued_at AS admittedAt, c.rate_limit AS rateLimit,\n' +
  '              c.id AS callbackId, c.url, c.secret, c.previous_secrets AS previousSecrets,\n' +
  '              c.disabled_at AS disabledAt, e.type, e.payload, e.trace_context AS traceContext, e.created_at AS eventCreatedAt\n' +
  '         FROM deliveries d\n' +
  '         JOIN outbox_events e ON e.id = d.event_id\n' +
  '         LEFT JOIN callbacks c ON c.id = d.callback_id\n' +
  `        WHERE d.id IN (${Array(count).fill('?').join(', ')})`;
const OUTCOME_COLUMNS = [
  'status',
  'attempts',
  'total_attempts',
  'url',
  'last_status',
  'last_error',
  'last_attempt_at',
  'last_duration_ms',
  'last_response_body',
  'next_attempt_at',
  'updated_at',
];
/** The outcomes of `count` attempts (the service's `recordAttempts`, its rows padded to a power of two). */
const OUTCOMES = (count) => {
  const byId = `CASE id${' WHEN ? THEN ?'.repeat(count)} END`;
  return `UPDATE deliveries FORCE INDEX (PRIMARY)
    SET ${OUTCOME_COLUMNS.map((column) => `${column} = ${byId}`).join(', ')}, enqueued_at = NULL
  WHERE id IN (${Array(count).fill('?').join(', ')}) AND status = 'pending' AND round = ${byId}`;
};
const SUCCESS =
  'UPDATE `callbacks` SET `last_success_at` = ?, `failing_since` = ? WHERE `id` = ? AND (`failing_since` IS NOT NULL OR `last_success_at` IS NULL OR `last_success_at` < ?)';
const WAITING_APPS =
  'SELECT c.app_id AS appId, (SELECT d.next_attempt_at FROM deliveries d WHERE d.status = ? AND d.enqueued_at IS NULL AND d.app_id = c.app_id ' +
  'ORDER BY d.next_attempt_at LIMIT 1) AS dueAt, a.admitted FROM (SELECT app_id FROM delivery_counts WHERE status = ? GROUP BY app_id HAVING SUM(deliveries) > 0) c ' +
  'LEFT JOIN (SELECT app_id, COUNT(*) AS admitted FROM deliveries WHERE status = ? AND enqueued_at IS NOT NULL GROUP BY app_id) a ON a.app_id = c.app_id';
const ADMIT =
  'SELECT `DeliveryEntity`.`id` AS `DeliveryEntity_id`, `DeliveryEntity`.`round` AS `DeliveryEntity_round`, `DeliveryEntity`.`app_id` AS `DeliveryEntity_app_id` ' +
  'FROM `deliveries` `DeliveryEntity` WHERE ((`DeliveryEntity`.`status` = ?) AND (`DeliveryEntity`.`enqueued_at` IS NULL) AND (`DeliveryEntity`.`app_id` = ?) ' +
  'AND (`DeliveryEntity`.`next_attempt_at` <= ?)) ORDER BY `DeliveryEntity`.`next_attempt_at` ASC, `DeliveryEntity_id` ASC LIMIT ? FOR UPDATE SKIP LOCKED';
const MARK_ADMITTED = (count) =>
  `UPDATE \`deliveries\` SET \`enqueued_at\` = ? WHERE (\`id\` IN (${Array(count).fill('?').join(', ')}) AND \`status\` = ? AND \`enqueued_at\` IS NULL)`;
const ADMITTED_SINCE =
  'SELECT `DeliveryEntity`.`id` AS `DeliveryEntity_id`, `DeliveryEntity`.`round` AS `DeliveryEntity_round`, `DeliveryEntity`.`app_id` AS `DeliveryEntity_app_id`, ' +
  '`DeliveryEntity`.`enqueued_at` AS `DeliveryEntity_enqueued_at` FROM `deliveries` `DeliveryEntity` WHERE ((`DeliveryEntity`.`id` > ?) AND (`DeliveryEntity`.`status` = ?) ' +
  'AND ((`DeliveryEntity`.`enqueued_at` >= ? AND `DeliveryEntity`.`enqueued_at` < ?))) ORDER BY `DeliveryEntity_id` ASC LIMIT 100';
const ADMITTED_BEFORE =
  'SELECT `DeliveryEntity`.`id` AS `DeliveryEntity_id`, `DeliveryEntity`.`round` AS `DeliveryEntity_round`, `DeliveryEntity`.`app_id` AS `DeliveryEntity_app_id`, ' +
  '`DeliveryEntity`.`enqueued_at` AS `DeliveryEntity_enqueued_at` FROM `deliveries` `DeliveryEntity` WHERE ((`DeliveryEntity`.`id` > ?) AND (`DeliveryEntity`.`status` = ?) ' +
  'AND (`DeliveryEntity`.`enqueued_at` < ?)) ORDER BY `DeliveryEntity_id` ASC LIMIT 100';
const OPEN_RECOVERIES =
  'SELECT `DeliveryRecoveryEntity`.`id` AS `DeliveryRecoveryEntity_id` FROM `delivery_recoveries` `DeliveryRecoveryEntity` ' +
  'WHERE ((`DeliveryRecoveryEntity`.`finished_at` IS NULL) AND (`DeliveryRecoveryEntity`.`id` > ?)) ORDER BY `DeliveryRecoveryEntity_id` ASC LIMIT 10';
const CLAIM_EVENTS =
  'SELECT id, type, payload, created_at, callback_epoch FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED';
const NAME_RANGES_TO_CUT =
  'SELECT boundary, SUM(accounts) AS accounts FROM account_name_range_counts GROUP BY boundary HAVING SUM(accounts) > ? ORDER BY boundary';
const NAME_RANGES_TO_FOLD = 'SELECT boundary FROM account_name_range_counts GROUP BY boundary HAVING COUNT(*) > ? ORDER BY boundary';

/** Runs `work(connection)` in a READ COMMITTED transaction, as the service's `runWithoutGapLocks`. */
async function readCommitted(work) {
  const db = await pool.getConnection();
  try {
    await db.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
    await db.query('START TRANSACTION');
    try {
      const result = await work(db);
      await db.query(result === ROLLBACK ? 'ROLLBACK' : 'COMMIT');
      return result;
    } catch (error) {
      await db.query('ROLLBACK');
      throw error;
    }
  } finally {
    db.release();
  }
}
const ROLLBACK = Symbol('rollback');

// --- the pump ------------------------------------------------------------------------------------------------------

let lastRelayAt = 0;
let lastCheckAt = 0;
let lastReconcileAt = 0;
let checkedUpTo = nowSeconds() - 600;
let recovering = false;

/** One pass: relay (once a second), recoveries, admission, repair. @returns the earliest due time still waiting, or null. */
async function pass() {
  if (Date.now() - lastRelayAt >= POLL_MS) {
    lastRelayAt = Date.now();
    await readCommitted(async (db) => {
      const [events] = await db.execute(CLAIM_EVENTS, ['100']);
      return events.length > 0 ? ROLLBACK : undefined;
    });
    if (!recovering) {
      recovering = true;
      pool
        .query(OPEN_RECOVERIES, [0])
        .catch(() => {})
        .finally(() => (recovering = false));
    }
  }
  // One admission a pass: a full window waits for the attempts that end (the bench has one app, never more than a turn).
  const { admissions, nextDueAt } = await admit();
  if (admissions.length > 0) await queue.addBulk(BATCH > 1 ? batchJobs(admissions) : admissions.map(job));
  await repair();
  return nextDueAt;
}

/** The job of one admission (the service's `deliveryJobId` and `deliveryJobData`). */
function job(admission) {
  return {
    name: 'deliver',
    data: { deliveryId: admission.id, round: admission.round, appId: admission.appId, admittedAt: admission.admittedAt },
    opts: { jobId: `delivery-${admission.id}-${Math.round(admission.admittedAt * 1000)}` },
  };
}

/** `REFERENCE_BATCH` > 1: each app's admissions in jobs of up to {@link BATCH}. */
function batchJobs(admissions) {
  const byApp = new Map();
  for (const admission of admissions) byApp.set(admission.appId, [...(byApp.get(admission.appId) ?? []), admission]);
  const jobs = [];
  for (const [appId, list] of byApp)
    for (let start = 0; start < list.length; start += BATCH) {
      const chunk = list.slice(start, start + BATCH);
      jobs.push({
        name: 'deliver',
        data: { appId, deliveries: chunk.map((admission) => job(admission).data) },
        opts: { jobId: `deliveries-${chunk[0].id}-${Math.round(chunk[0].admittedAt * 1000)}` },
      });
    }
  return jobs;
}

let lastFirst = 0;

/** The scheduler's admission: every due app's free window, round robin (one app in the bench). */
function admit() {
  const now = nowSeconds();
  return readCommitted(async (db) => {
    const [waiting] = await db.query(WAITING_APPS, ['pending', 'pending', 'pending']);
    const apps = waiting.filter((row) => row.dueAt !== null);
    const later = apps.filter((app) => app.dueAt > now).map((app) => app.dueAt);
    const nextDueAt = later.length > 0 ? Math.min(...later) : null;
    const sorted = apps
      .filter((app) => app.dueAt <= now)
      .map((app) => app.appId)
      .sort((a, b) => a - b);
    const start = sorted.findIndex((appId) => appId > lastFirst);
    const due = start <= 0 ? sorted : [...sorted.slice(start), ...sorted.slice(0, start)];
    if (due.length === 0) return { admissions: [], nextDueAt };
    const admittedOf = new Map(apps.map((row) => [row.appId, Number(row.admitted ?? 0)]));
    const byApp = [];
    for (const appId of due) {
      const room = WINDOW - (admittedOf.get(appId) ?? 0);
      if (room <= 0) continue;
      const [rows] = await db.query(ADMIT, ['pending', appId, now, room]);
      if (rows.length === 0) continue;
      const ids = rows.map((row) => row.DeliveryEntity_id);
      await db.query(MARK_ADMITTED(ids.length), [now, ...ids, 'pending']);
      byApp.push(rows.map((row) => ({ id: row.DeliveryEntity_id, round: row.DeliveryEntity_round, appId, admittedAt: now })));
    }
    lastFirst = due[0];
    const admissions = [];
    for (let index = 0; byApp.some((list) => index < list.length); index += 1)
      for (const list of byApp) if (index < list.length) admissions.push(list[index]);
    return { admissions, nextDueAt };
  });
}

/** The queue transport's repair: admissions since the last check looked up in Redis; long-held ones every job lock. */
async function repair() {
  if (Date.now() - lastCheckAt >= CHECK_INTERVAL_MS) {
    lastCheckAt = Date.now();
    const upTo = nowSeconds() - CHECK_AFTER_SECONDS;
    if (upTo > checkedUpTo) {
      for (let afterId = 0; ;) {
        const [rows] = await pool.query(ADMITTED_SINCE, [afterId, 'pending', checkedUpTo, upTo]);
        const looked = BATCH > 1 ? rows.filter((_, index) => index % BATCH === 0) : rows;
        const jobs = await Promise.all(
          looked.map((row) => queue.getJob(`delivery-${row.DeliveryEntity_id}-${Math.round(row.DeliveryEntity_enqueued_at * 1000)}`)),
        );
        if (BATCH === 1 && jobs.some((found) => found === undefined)) throw new Error('an admission never reached the queue');
        if (rows.length < 100) break;
        afterId = rows.at(-1).DeliveryEntity_id;
      }
      checkedUpTo = upTo;
    }
  }
  if (Date.now() - lastReconcileAt >= LOCK_MS) {
    lastReconcileAt = Date.now();
    const [rows] = await pool.query(ADMITTED_BEFORE, [0, 'pending', nowSeconds() - (10 * LOCK_MS + TIMEOUT_MS) / 1000]);
    if (rows.length > 0) throw new Error('long-held admissions: not mirrored');
  }
}

let timer;
let passing = false;
let nextPassAt = 0;
let wokenDuringPass;
let stopped = false;

function wake(delayMs) {
  if (stopped) return;
  if (passing) {
    wokenDuringPass = Math.min(wokenDuringPass ?? Infinity, delayMs);
    return;
  }
  if (nextPassAt <= Date.now() + delayMs) return;
  clearTimeout(timer);
  schedule(delayMs);
}

function schedule(delayMs) {
  if (stopped) return;
  nextPassAt = Date.now() + delayMs;
  timer = setTimeout(() => {
    passing = true;
    wokenDuringPass = undefined;
    let nextDueAt = null;
    pass()
      .then((next) => (nextDueAt = next))
      .catch((error) => process.stderr.write(`pass failed: ${error.message}\n`))
      .finally(() => {
        passing = false;
        const untilDue = nextDueAt === null ? Infinity : Math.max(REFILL_MS, (nextDueAt - nowSeconds()) * 1000);
        schedule(Math.min(wokenDuringPass ?? Infinity, POLL_MS, untilDue));
      });
  }, delayMs);
}

// --- name ranges: the read model's pass every 5 s ------------------------------------------------------------------

const ranges = setInterval(() => {
  pool
    .query(NAME_RANGES_TO_CUT, [3000])
    .then(() => pool.query(NAME_RANGES_TO_FOLD, [4]))
    .catch(() => {});
}, 5_000);

// --- the attempts --------------------------------------------------------------------------------------------------

/** Per app: start times of its attempts in flight and whether its last attempt was fast (the service's AppSlots). */
const apps = new Map();
let held = 0;

const waiting = new Map();
const FAST_APP_WAIT_MS = 250;

const isFast = (app, now) => app !== undefined && app.lastFast && app.started.every((started) => now - started < 1);

function take(appId) {
  const now = nowSeconds();
  const app = apps.get(appId) ?? { started: [], lastFast: false };
  if (!(app.started.length < PER_APP || (isFast(app, now) && CONCURRENCY - held - 1 >= PER_APP))) return null;
  apps.set(appId, app);
  app.started.push(now);
  held += 1;
  return () => {
    held -= 1;
    app.started.splice(app.started.indexOf(now), 1);
    app.lastFast = nowSeconds() - now < 1;
    if (app.started.length === 0 && !app.lastFast) apps.delete(appId);
    waiting.get(appId)?.shift()?.();
  };
}

/** `take`, and for a fast app with no slot now, a wait of up to 250 ms for one of its attempts to end (the service's `takeOrWait`). */
async function takeOrWait(appId) {
  const release = take(appId);
  if (release || !isFast(apps.get(appId), nowSeconds())) return release;
  const queue = waiting.get(appId) ?? [];
  waiting.set(appId, queue);
  await new Promise((resolve) => {
    const timer = setTimeout(woken, FAST_APP_WAIT_MS);
    function woken() {
      clearTimeout(timer);
      const index = queue.indexOf(woken);
      if (index >= 0) queue.splice(index, 1);
      resolve();
    }
    queue.push(woken);
  });
  if (queue.length === 0) waiting.delete(appId);
  return take(appId);
}

/**
 * One statement at a time for the requests made while the previous one ran,
 * at most 16, padded to a power of two by repeating the last (the service's
 * `statementBatches` and `paddedBatch`). `run(keys)` answers one result per padded key.
 */
function batches(run) {
  const queue = [];
  let running = false;
  const next = () => {
    if (queue.length === 0) return void (running = false);
    const batch = queue.splice(0, 16);
    let size = 1;
    while (size < batch.length) size *= 2;
    const keys = Array.from({ length: size }, (_, index) => batch[Math.min(index, batch.length - 1)].key);
    run(keys)
      .then(
        (results) => batch.forEach((request, index) => request.resolve(results[index])),
        (error) => batch.forEach((request) => request.reject(error)),
      )
      .finally(next);
  };
  return (key) =>
    new Promise((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (!running) {
        running = true;
        process.nextTick(next);
      }
    });
}

const readAttempt = batches(async (ids) => {
  const [rows] = await pool.execute(ATTEMPTS(ids.length), ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
});

const writeOutcome = batches(async (outcomes) => {
  const rows = [...outcomes].sort((a, b) => a.id - b.id);
  await pool.execute(OUTCOMES(rows.length), [
    ...OUTCOME_COLUMNS.flatMap((_, column) => rows.flatMap((row) => [row.id, row.values[column]])),
    ...rows.map((row) => row.id),
    ...rows.flatMap((row) => [row.id, row.round]),
  ]);
  return outcomes.map(() => undefined);
});

const successWritten = new Map();

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the `whsec_` secret's key (Standard Webhooks). */
function signature(secret, id, timestamp, body) {
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** POSTs `body` to `url`. @returns `{ status, body }` (the body's first {@link EXCERPT} characters), or `{ error }`. */
function post(url, headers, body) {
  return new Promise((resolve) => {
    const request = httpRequest(url, { method: 'POST', headers, agent, timeout: TIMEOUT_MS }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT) }));
      response.on('error', (error) => resolve({ error: error.message }));
    });
    request.on('error', (error) => resolve({ error: error.message }));
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.end(body);
  });
}

async function attempt({ deliveryId, round, admittedAt }) {
  const row = await readAttempt(deliveryId);
  if (!row || row.status !== 'pending' || row.round !== round) return 'skipped';
  if (row.admittedAt === null || Math.round(row.admittedAt * 1000) !== Math.round(admittedAt * 1000)) return 'skipped';
  if (row.url === null || row.disabledAt !== null || row.rateLimit !== null)
    throw new Error('not mirrored: no callback, disabled or rate-limited');
  const startedMs = performance.now();
  const timestamp = Math.floor(nowSeconds());
  const headers = {
    'content-type': 'application/json',
    ...(row.secret.startsWith('whsec_') ? {} : { authorization: `Bearer ${row.secret}` }),
    'x-callback-event': row.type,
    'webhook-id': row.webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(row.secret, row.webhookId, timestamp, row.payload),
    'user-agent': 'accounts-service-webhooks/1',
  };
  const result = await post(row.url, headers, row.payload);
  const durationMs = Math.round(performance.now() - startedMs);
  const now = nowSeconds();
  const succeeded = result.status >= 200 && result.status < 300;
  if (!succeeded) throw new Error(`not mirrored: an answer other than 2xx (${result.status ?? result.error})`);
  const recordSuccess = async () => {
    if ((successWritten.get(row.callbackId) ?? -Infinity) > now - 1) return;
    successWritten.set(row.callbackId, now);
    await pool.query(SUCCESS, [now, null, row.callbackId, now - 1]);
  };
  // The callback's health first, then the outcome, as the worker writes them.
  await recordSuccess();
  await writeOutcome({
    id: deliveryId,
    round,
    values: ['succeeded', row.attempts + 1, row.totalAttempts + 1, row.url, result.status, null, now, durationMs, result.body, null, now],
  });
  return 'succeeded';
}

/** `REFERENCE_BATCH` > 1: a job's deliveries attempted at once, each in a slot of its app (waiting for one while none is free). */
async function attemptAll({ appId, deliveries }) {
  await Promise.all(
    deliveries.map(async (delivery) => {
      let release;
      while (!(release = await takeOrWait(appId))) await new Promise((resolve) => setTimeout(resolve, REFILL_MS));
      try {
        await attempt(delivery);
      } finally {
        release();
        wake(REFILL_MS);
      }
    }),
  );
  return 'attempted';
}

const worker = new Worker(
  QUEUE,
  async (job, token) => {
    if (job.data.deliveries) return attemptAll(job.data);
    const release = await takeOrWait(job.data.appId);
    if (!release) {
      await job.moveToDelayed(Date.now() + 1000 * (0.75 + Math.random() / 2), token);
      throw new DelayedError();
    }
    try {
      return await attempt(job.data);
    } finally {
      release();
      wake(REFILL_MS);
    }
  },
  {
    ...connection,
    concurrency: BATCH > 1 ? Math.ceil(CONCURRENCY / BATCH) + 1 : CONCURRENCY,
    lockDuration: LOCK_MS,
    stalledInterval: LOCK_MS,
    maxStalledCount: 5,
    removeOnComplete: { age: 86_400, count: 100_000 },
  },
);
worker.on('error', (error) => process.stderr.write(`worker: ${error.message}\n`));
await worker.waitUntilReady();
schedule(0);

const probe = createServer((request, response) => response.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', async () => {
  stopped = true;
  clearTimeout(timer);
  clearInterval(ranges);
  await worker.close();
  await queue.close();
  probe.close();
  agent.destroy();
  await pool.end();
  process.exit(0);
});
