/**
 * The processes a benchmark run starts: the built API (`node <dist>/main.js`),
 * the delivery workers (`node <dist>/worker.js`), the operator CLI and the
 * reference server, each a child process stopped at the end of the run.
 *
 * API and workers run as deployed: JSON log lines (`LOG_FORMAT=json`, pino's
 * destination on standard output, as in production) at the run's log level,
 * helmet and metrics on, no rate limit (`RATE_LIMIT_MAX=0`, the default, set
 * explicitly), deliveries through BullMQ on `REDIS_URL` with the default
 * poll interval and concurrency. Two settings differ from production: the
 * queue prefix is `bench` (the benchmark's own keys), and callbacks may go
 * to loopback (`CALLBACK_ALLOW_PRIVATE_NETWORKS`, for the local receiver).
 * The API also listens for `SIGWINCH` to write a heap snapshot (after a full
 * GC), which the memory check uses (not `SIGUSR2`: Nest's shutdown hooks
 * stop the process on it); nothing else sends it.
 * Each child's standard output goes to a log file, which the benchmark reads
 * to count the lines written per request and then empties.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { readFile, truncate } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { Redis } from 'ioredis';

/** The BullMQ queue prefix of the benchmark's API and workers. */
const QUEUE_PREFIX = 'bench';

const run = promisify(execFile);

/** The Node binary of the API, the workers and the reference server (`--node`; the CLI runs on the benchmark's own). */
let nodeBinary = process.execPath;

/** Runs the API, the workers and the reference server with the Node binary at `path` from now on. */
export function useNode(path) {
  nodeBinary = path;
}

/** The version of the Node binary the servers run on (e.g. `v24.11.0`). */
export async function serverNodeVersion() {
  const { stdout } = await run(nodeBinary, ['--version']);
  return stdout.trim();
}
const children = new Set();
const logDirectory = mkdtempSync(join(tmpdir(), 'bench-logs-'));

/** A free local TCP port. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs `node <dist>/cli.js ...args` on `databaseUrl`.
 * @returns its stdout.
 * @throws Error with the CLI's stderr when it exits non-zero.
 */
export async function runCli(dist, databaseUrl, args) {
  try {
    const { stdout } = await run(process.execPath, [join(dist, 'cli.js'), ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    });
    return stdout;
  } catch (error) {
    throw new Error(`cli ${args.join(' ')} failed: ${error.stderr || error.message}`);
  }
}

/** Polls `url` until any HTTP answer arrives (the process is serving). */
async function waitUntilServing(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before serving ${url}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function track(child, name) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

/**
 * A log file a child writes its standard output to (opened for appending, so
 * that emptying it between scenarios is safe while the child writes).
 *
 * @returns `{ fd, takeLines() }`: `takeLines()` counts the lines written since
 *   its last call, then empties the file.
 */
function logFile(name) {
  const path = join(logDirectory, `${name}.log`);
  const fd = openSync(path, 'a');
  return {
    fd,
    async takeLines() {
      const text = await readFile(path);
      await truncate(path, 0);
      let lines = 0;
      for (let at = text.indexOf(10); at !== -1; at = text.indexOf(10, at + 1)) lines += 1;
      return lines;
    },
  };
}

/** Environment of the API and the workers (see the module comment). */
function serviceEnvironment(databaseUrl, { logLevel, redisUrl, extraEnv = {} }) {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: logLevel,
    LOG_FORMAT: 'json',
    RATE_LIMIT_MAX: '0',
    REDIS_URL: redisUrl,
    CALLBACK_QUEUE_PREFIX: QUEUE_PREFIX,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...extraEnv,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/** Starts `node <dist>/<entry>` with `env`, its standard output to a log file, and waits until `readyPath` answers. */
async function startService(name, dist, entry, env, readyPath, nodeArgs = []) {
  const log = logFile(name);
  const child = track(spawn(nodeBinary, [...nodeArgs, join(dist, entry)], { env, stdio: ['ignore', log.fd, 'pipe'] }), name);
  closeSync(log.fd);
  const url = `http://127.0.0.1:${env.PORT ?? env.WORKER_PORT}`;
  await waitUntilServing(`${url}${readyPath}`, child);
  return { url, pid: child.pid, stop: () => stop(child), takeLogLines: log.takeLines };
}

/**
 * Starts the built API on a free port (migrations run at start), with the
 * production settings described above.
 *
 * @param options.logLevel `LOG_LEVEL` (`info` in production); options.redisUrl `REDIS_URL`;
 *   options.extraEnv variables set on top (`undefined` unsets one), e.g. the `--tracing` ones.
 * @param options.nodeArgs extra Node flags, e.g. `['--cpu-prof', '--cpu-prof-dir', dir]`.
 * @returns `{ url, pid, stop, takeLogLines, liveHeapMiB }` (see {@link logFile}, {@link liveHeapMiB}).
 */
export async function startApi(dist, databaseUrl, { logLevel, redisUrl, extraEnv, nodeArgs = [] }) {
  const env = { ...serviceEnvironment(databaseUrl, { logLevel, redisUrl, extraEnv }), PORT: String(await freePort()) };
  const heapArgs = [`--heapsnapshot-signal=${HEAP_SIGNAL}`, `--diagnostic-dir=${heapDirectory}`];
  const api = await startService('api', dist, 'main.js', env, '/accounts/signups', [...heapArgs, ...nodeArgs]);
  return { ...api, liveHeapMiB: () => liveHeapMiB(api) };
}

/** The signal that makes the API write a heap snapshot (`--heapsnapshot-signal`), which starts with a full GC. */
const HEAP_SIGNAL = 'SIGWINCH';
const heapDirectory = mkdtempSync(join(tmpdir(), 'bench-heap-'));

/**
 * The API's live heap: a full garbage collection (forced by a heap snapshot,
 * which is then deleted), then `nodejs_heap_size_used_bytes` from its
 * `/metrics`. Unlike RSS, it does not depend on when V8 last collected, so a
 * figure climbing run after run is a leak.
 *
 * @returns MiB.
 */
async function liveHeapMiB(api) {
  process.kill(api.pid, HEAP_SIGNAL);
  for (let waited = 0; readdirSync(heapDirectory).length === 0; waited += 50) {
    if (waited > 30_000) throw new Error('the API wrote no heap snapshot within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The snapshot is written on the API's main thread: /metrics answers once it is done.
  const metrics = await (await fetch(`${api.url}/metrics`)).text();
  for (const file of readdirSync(heapDirectory)) rmSync(join(heapDirectory, file), { force: true });
  const line = metrics.split('\n').find((candidate) => candidate.startsWith('nodejs_heap_size_used_bytes'));
  return Number(line?.split(' ').at(-1)) / 2 ** 20;
}

/**
 * Starts a delivery worker, serving its probes on a free `WORKER_PORT` (as
 * the production image does), and waits until it is live.
 *
 * @param options.nodeArgs extra Node flags, e.g. `['--cpu-prof', '--cpu-prof-dir', dir]`.
 * @returns `{ url, pid, stop, takeLogLines }`.
 */
export async function startWorker(dist, databaseUrl, { logLevel, redisUrl, extraEnv, name = 'worker', nodeArgs = [] }) {
  const env = { ...serviceEnvironment(databaseUrl, { logLevel, redisUrl, extraEnv }), WORKER_PORT: String(await freePort()) };
  return startService(name, dist, 'worker.js', env, '/health/live', nodeArgs);
}

/** Removes the benchmark's queue keys (prefix `bench`) from the Redis of `redisUrl`. */
export async function clearQueue(redisUrl) {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${QUEUE_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts the reference server (bench/reference-server.mjs).
 * @param options.sameSqlReads its `GET /account/{id}` sends the service's statement (`SAME_SQL_READS=1`), not the primary-key select.
 * @returns `{ url, pid, stop }`.
 */
export async function startReference(databaseUrl, { sameSqlReads = false } = {}) {
  const port = await freePort();
  const child = track(
    spawn(nodeBinary, [new URL('./reference-server.mjs', import.meta.url).pathname], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), SAME_SQL_READS: sameSqlReads ? '1' : '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
    'reference',
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/account/1`, child);
  return { url, pid: child.pid, stop: () => stop(child) };
}

/**
 * Starts the same-work reference worker (bench/reference-worker.mjs) on the
 * benchmark's queue (prefix `bench`), with its probe on a free port, and waits until it is live.
 * @param options.batch deliveries per job (1: the service's job model; more: `REFERENCE_BATCH`, reference-worker.mjs).
 * @returns `{ url, pid, stop }`.
 */
export async function startReferenceWorker(databaseUrl, redisUrl, { batch = 1 } = {}) {
  const port = await freePort();
  const child = track(
    spawn(nodeBinary, [new URL('./reference-worker.mjs', import.meta.url).pathname], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX,
        PORT: String(port),
        REFERENCE_BATCH: String(batch),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
    'reference-worker',
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url, child);
  return { url, pid: child.pid, stop: () => stop(child) };
}

/** Stops a child with SIGTERM (SIGKILL after 5 s) and waits for it to exit. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The pid of the MariaDB server that `connection` talks to, from its pid file,
 * when it runs on this machine (several may).
 */
export async function databasePid(connection) {
  try {
    const [[{ file }]] = await connection.query('SELECT @@pid_file AS file');
    return Number((await readFile(file, 'utf8')).trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** Removes the children's log files (at the end of the run). */
export function removeLogs() {
  rmSync(logDirectory, { recursive: true, force: true });
  rmSync(heapDirectory, { recursive: true, force: true });
}

/** Kills every child still running (on failure or Ctrl-C). */
export function killAll() {
  for (const child of children) child.kill('SIGKILL');
}
