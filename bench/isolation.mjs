/**
 * Isolation between apps (docs/api.md#isolation-between-apps), with Redis and
 * `node dist/worker.js`, against the local receiver (one path per app):
 *
 * - one backlog: app A recovers `backlog` deliveries that failed for good
 *   (`POST /callback/account_team_update/recover`) on one worker while the bench
 *   app's team moves are timed, commit → arrival at its own callback; and how
 *   fast A's backlog drains meanwhile;
 * - every app backlogged: `apps` apps recover `perApp` deliveries each at
 *   once on one worker; when half of them arrived, each app's share of the
 *   arrivals against the mean.
 */
import { latency, waitForDeliveries } from './delivery.mjs';

const INSERT_CHUNK = 2000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An app of its own with a callback at `path` of the receiver (with `rateLimit` attempts per second when given).
 * @returns `{ id, auth, callbackId, path, url }`.
 */
export async function appWithCallback(context, name, path, rateLimit) {
  const { username, password } = await context.createApp(name);
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const response = await fetch(`${context.apiUrl}/callback/account_team_update`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `${context.receiver.base}${path}`,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      ...(rateLimit === undefined ? {} : { rate_limit: rateLimit }),
    }),
  });
  if (!response.ok) throw new Error(`registering ${name}'s callback answered ${response.status} ${await response.text()}`);
  const callback = await response.json();
  return { id: Number(username.slice(1)), auth, callbackId: callback.id, path, url: `${context.receiver.base}${path}` };
}

/** Inserts `count` deliveries of `app` that failed for good (one relayed event each), as `recover` finds them. */
export async function insertFailed(connection, app, count, payload) {
  const createdAt = Date.now() / 1000 - 60;
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const size = Math.min(INSERT_CHUNK, count - start);
    const [events] = await connection.query(
      'INSERT INTO outbox_events (type, payload, created_at, dispatched_at, callback_epoch) VALUES ?',
      [Array.from({ length: size }, () => ['account_team_update', payload, createdAt, createdAt, 0])],
    );
    const rows = Array.from({ length: size }, (_, index) => [
      events.insertId + index,
      app.callbackId,
      app.id,
      'account_team_update',
      app.url,
      `msg_bench_${app.id}_${start + index}`,
      'failed',
      1,
      1,
      500,
      'HTTP 500',
      createdAt,
      createdAt,
      createdAt,
    ]);
    await connection.query(
      `INSERT INTO deliveries (event_id, callback_id, app_id, event, url, webhook_id, status, attempts, total_attempts, last_status,
         last_error, last_attempt_at, created_at, updated_at) VALUES ?`,
      [rows],
    );
  }
}

/** Recovers every failed delivery of `app`. @throws Error unless the answer is 202. */
export async function recover(context, app) {
  const response = await fetch(`${context.apiUrl}/callback/account_team_update/recover`, {
    method: 'POST',
    headers: { authorization: app.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ since: 0 }),
  });
  const body = await response.text();
  if (response.status !== 202) throw new Error(`recover answered ${response.status} ${body}`);
  return JSON.parse(body).redelivered;
}

/** Deletes `app`'s callback, so that later scenarios send it nothing. */
export async function unregister(context, app) {
  await fetch(`${context.apiUrl}/callback/account_team_update`, { method: 'DELETE', headers: { authorization: app.auth } });
}

/** Waits until the receiver has `count` requests at `path`, at most `timeoutSeconds`. */
export async function arrivedAt(receiver, path, count, timeoutSeconds) {
  const deadline = performance.now() + timeoutSeconds * 1000;
  while ((receiver.paths.get(path)?.count ?? 0) < count) {
    if (performance.now() > deadline) throw new Error(`${receiver.paths.get(path)?.count ?? 0} of ${count} deliveries arrived at ${path}`);
    await sleep(20);
  }
}

/**
 * Both measurements (see the module comment). Stops the running workers
 * first and leaves one running at the end, returned in `worker`.
 *
 * @param context `{ connection, receiver, apiUrl, auth, size, startWorker(name), stopWorkers(), createApp(name), payload, log }`.
 * @param settings `{ backlog, rate, seconds, apps, perApp, workers }` (`workers` for the recover, default 1).
 * @returns `{ backlog: { workers, deliveries, redelivered, drainPerSecond, latency }, shares: { apps, perApp, arrived, minShare, maxShare }, worker }`.
 */
export async function measureIsolation(context, settings) {
  const { connection, receiver, log } = context;
  await context.stopWorkers();
  await waitForDeliveries(connection);

  const workers = settings.workers ?? 1;
  log(`isolation: app A recovers ${settings.backlog} deliveries on ${workers} worker(s) while the bench app's team moves are timed`);
  const a = await appWithCallback(context, 'isolation-a', '/isolation/a');
  await insertFailed(connection, a, settings.backlog, context.payload);
  receiver.reset();
  let worker = await context.startWorker('worker');
  for (let index = 2; index <= workers; index++) await context.startWorker(`worker-${index}`);
  const redelivered = await recover(context, a);
  const moves = await latency(context, settings.rate, settings.seconds, '/events');
  await arrivedAt(receiver, a.path, settings.backlog, 600);
  const drained = receiver.paths.get(a.path);
  const backlog = {
    workers,
    deliveries: settings.backlog,
    redelivered,
    drainPerSecond: (drained.count - 1) / ((drained.last - drained.first) / 1000),
    latency: moves,
  };
  await unregister(context, a);
  await waitForDeliveries(connection, 300);

  log(`isolation: ${settings.apps} apps recover ${settings.perApp} deliveries each on one worker`);
  await context.stopWorkers();
  const apps = [];
  for (let index = 1; index <= settings.apps; index++) {
    const app = await appWithCallback(context, `isolation-${index}`, `/isolation/${index}`);
    await insertFailed(connection, app, settings.perApp, context.payload);
    apps.push(app);
  }
  receiver.reset();
  for (const app of apps) await recover(context, app);
  worker = await context.startWorker('worker');
  const half = (settings.apps * settings.perApp) / 2;
  const deadline = performance.now() + 600_000;
  while (receiver.count < half && performance.now() < deadline) await sleep(10);
  const counts = apps.map((app) => receiver.paths.get(app.path)?.count ?? 0);
  const mean = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  const shares = {
    apps: settings.apps,
    perApp: settings.perApp,
    arrived: counts,
    minShare: Math.min(...counts) / mean,
    maxShare: Math.max(...counts) / mean,
  };
  for (const app of apps) await unregister(context, app);
  await waitForDeliveries(connection, 300);
  return { backlog, shares, worker };
}
