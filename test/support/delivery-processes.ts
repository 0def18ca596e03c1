import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

import type { AppConfig } from '../../src/config/app-config.js';
import { runProcess, TestProcess } from './child-process.js';
import { cliHere } from './cli-here.js';
import { HttpClient } from './http-client.js';
import { standIn } from './stand-in.js';
import type { TestApp } from './test-app.js';
import { testDatabaseUrl, testRedisUrl } from './test-database.js';

/** Where Linux states its ephemeral port range. */
const PORT_RANGE = '/proc/sys/net/ipv4/ip_local_port_range';

/** Where the compiled service is: `dist` (CI builds it) or `TEST_DIST_DIR`. */
export const DIST_DIR = process.env.TEST_DIST_DIR ?? 'dist';

/** The `DATABASE_URL` of a running TestApp, for processes that must share its database. */
export function databaseUrlOf(config: AppConfig): string {
  return config.database.type === 'mysql' ? config.database.url : `sqlite:${config.database.path}`;
}

/** The built service's entry points: the API (`main`), the delivery worker and the CLI. */
export type Entry = 'main' | 'worker' | 'cli';

/** The path of `<dist>/<entry>.js`. */
export function entryPath(entry: Entry): string {
  return resolve(DIST_DIR, `${entry}.js`);
}

/** Runs `node <dist>/<entry>.js ...args` with `env` to its end. @returns its exit code and output. */
export function runEntry(entry: Entry, args: string[], env: Record<string, string | undefined>) {
  return runProcess(process.execPath, [entryPath(entry), ...args], env);
}

/** Runs a CLI command (in this process: `cliHere`) on the database of `t`, without logs; `env` adds or overrides settings. */
export function runCli(t: TestApp, args: string[], env: Record<string, string | undefined> = {}) {
  return cliHere(args, { DATABASE_URL: databaseUrlOf(t.config), LOG_LEVEL: 'silent', ...env });
}

/**
 * Starts `node <dist>/worker.js` with `env` (logging at info) and waits until it is ready (within `timeoutMs`,
 * 20 s by default); with `on`, it works on the database of that running TestApp.
 */
export function startWorker(name: string, env: Record<string, string | undefined>, on?: TestApp, timeoutMs?: number): Promise<TestProcess> {
  return TestProcess.start(name, process.execPath, [entryPath('worker')], {
    env: { LOG_LEVEL: 'info', ...env, ...(on ? { DATABASE_URL: databaseUrlOf(on.config) } : {}) },
    ready: 'Delivery worker started',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

/** A built API the test started, and a client of its port. */
export interface ApiProcess {
  readonly process: TestProcess;
  readonly http: HttpClient;
}

/**
 * Starts `node <dist>/main.js` on a free local port, on the test database without Redis and logging at info unless
 * `env` says otherwise, and waits for its start line; with `terminal`, on a terminal (util-linux `script` gives it one).
 */
export async function startApi(
  env: Record<string, string | undefined> = {},
  options: { name?: string; terminal?: boolean; timeoutMs?: number } = {},
): Promise<ApiProcess> {
  // The port was free when chosen; until the API binds it, another process may take it (an outgoing connection's
  // source port, or another test worker's server): the API then stops with EADDRINUSE and starts again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startApiOnFreePort(env, options);
    } catch (error) {
      if (attempt === 3 || !(error as Error).message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startApiOnFreePort(
  env: Record<string, string | undefined>,
  options: { name?: string; terminal?: boolean; timeoutMs?: number },
): Promise<ApiProcess> {
  const port = await freePort();
  const settings = { DATABASE_URL: testDatabaseUrl(), REDIS_URL: '', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' };
  const name = options.name ?? 'api';
  const started = options.terminal
    ? await TestProcess.start(name, 'script', ['-qfec', `${process.execPath} ${entryPath('main')}`, '/dev/null'], {
        env: settings,
        ready: '/docs)',
        timeoutMs: options.timeoutMs,
      })
    : await TestProcess.start(name, process.execPath, [entryPath('main')], {
        env: settings,
        ready: '/docs)',
        timeoutMs: options.timeoutMs,
      });
  return { process: started, http: new HttpClient(`http://127.0.0.1:${port}`) };
}

/** The processes a describe block started through it; its `useProcesses` hook kills those still running after the block. */
export class Processes {
  private readonly started: TestProcess[] = [];

  /** Starts a worker as {@link startWorker} does, to be killed after the block. */
  async worker(name: string, env: Record<string, string | undefined>, on?: TestApp, timeoutMs?: number): Promise<TestProcess> {
    return this.keep(await startWorker(name, env, on, timeoutMs));
  }

  /** Starts an API as {@link startApi} does, to be killed after the block. */
  async api(
    env: Record<string, string | undefined> = {},
    options: { name?: string; terminal?: boolean; timeoutMs?: number } = {},
  ): Promise<ApiProcess> {
    const api = await startApi(env, options);
    this.keep(api.process);
    return api;
  }

  /** Keeps `started` (any process, e.g. a Redis of the test's own) to be killed after the block. @returns it. */
  keep(started: TestProcess): TestProcess {
    this.started.push(started);
    return started;
  }

  /** Kills (SIGKILL) every kept process still running, newest first. */
  async killAll(): Promise<void> {
    for (const started of this.started.splice(0).reverse()) await started.stop('SIGKILL');
  }
}

/**
 * Registers a hook that kills, after the tests of the enclosing describe block, every process started through the
 * returned {@link Processes} (before the app of an earlier `useTestApp` is closed).
 */
export function useProcesses(): Processes {
  const processes = new Processes();
  afterAll(() => processes.killAll());
  return processes;
}

/**
 * Registers the hooks that start one worker (as {@link startWorker}, on the database of `t`) before the tests of the
 * enclosing describe block, after the app of an earlier `useTestApp`, and kill it after them; `env` may be a
 * function, called when it starts. @returns a stand-in that reaches the worker.
 */
export function useWorker(
  t: TestApp,
  env: Record<string, string | undefined> | (() => Record<string, string | undefined>),
  name = 'worker',
): TestProcess {
  const processes = useProcesses();
  let worker: TestProcess | undefined;
  beforeAll(async () => {
    worker = await processes.worker(name, typeof env === 'function' ? env() : env, t);
  });
  return standIn(() => worker, 'useWorker: the worker is used outside the hooks and tests of its describe block');
}

/** The lowest port of the kernel's ephemeral range (Linux's default when it cannot be read). */
const EPHEMERAL_LOW = Number(/^(\d+)/.exec(existsSync(PORT_RANGE) ? readFileSync(PORT_RANGE, 'utf8') : '')?.[1] ?? 32_768);

/** Binds `port` on 127.0.0.1 (0: one the kernel picks) and frees it. @returns the port, or undefined when taken. */
async function bindAndFree(port: number): Promise<number | undefined> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!bound) return undefined;
  const { port: free } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/**
 * A free local TCP port for a process the test starts. Chosen at random below the kernel's ephemeral range
 * (20,000 up to it), so that no outgoing connection's source port and no other `listen(0)` server takes it before
 * that process binds it; one the kernel picks when that range is too small.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; EPHEMERAL_LOW > 21_000 && attempt < 20; attempt++) {
    const port = await bindAndFree(20_000 + randomInt(EPHEMERAL_LOW - 20_000));
    if (port !== undefined) return port;
  }
  return (await bindAndFree(0))!;
}

/** Starts a Redis of the test's own on `port` (no persistence), to stop and restart in fault tests. */
export function startRedis(port: number): Promise<TestProcess> {
  return TestProcess.start(
    `redis:${port}`,
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      ready: 'Ready to accept connections',
    },
  );
}

/** A Redis of a describe block's own (no persistence), to stop and start again in fault tests. */
export interface OwnRedis {
  /** `redis://127.0.0.1:<port>`, once the block's hooks started it. */
  readonly url: string;
  /** Whether it is running (not stopped by the test). */
  readonly running: boolean;
  /** Stops it (SIGTERM): it forgets every key. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

/**
 * Registers hooks that start a Redis of the block's own ({@link startRedis}) on a free port before the block's tests
 * and stop it after them. Register it before the hooks of the apps and workers that use it.
 */
export function useOwnRedis(): OwnRedis {
  let port: number | undefined;
  let redis: TestProcess | undefined;
  const running = () => !!redis && redis.child.exitCode === null && redis.child.signalCode === null;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => {
    await redis?.stop();
  });
  return {
    get url() {
      if (port === undefined) throw new Error('useOwnRedis: the Redis is used outside the hooks and tests of its describe block');
      return `redis://127.0.0.1:${port}`;
    },
    get running() {
      return running();
    },
    async stop() {
      await redis?.stop();
    },
    async start() {
      redis = await startRedis(port!);
    },
  };
}

/** Delivery settings shared by the API and the workers of a Redis suite: short retries and job locks, a queue prefix of its own. */
export function deliveryEnv(redisUrl: string, prefix: string): Record<string, string> {
  return {
    REDIS_URL: redisUrl,
    CALLBACK_QUEUE_PREFIX: prefix,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_RETRY_DELAYS: '100ms,200ms',
    CALLBACK_POLL_INTERVAL_MS: '50',
    CALLBACK_JOB_LOCK_MS: '2000',
    CALLBACK_TIMEOUT_MS: '5000',
  };
}

/** Removes a suite's queue keys from the shared Redis. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** A describe block's own delivery queue: its prefix and the settings of the API and workers that use it. */
export interface DeliveryQueue {
  readonly prefix: string;
  /** {@link deliveryEnv} of the queue's Redis and prefix, with the block's overrides. */
  readonly env: Record<string, string | undefined>;
}

/**
 * A queue prefix of the block's own (`test-<name>-<random>`) on the shared test Redis (or `redisUrl`, called when
 * `env` is first read, for a Redis the block starts itself), with the block's settings; registers a hook that removes
 * the prefix's keys after the block's tests (after its apps and workers stop, when called before their hooks).
 */
export function useDeliveryQueue(
  name: string,
  overrides: Record<string, string | undefined> = {},
  redisUrl: () => string = () => testRedisUrl()!,
): DeliveryQueue {
  const prefix = `test-${name}-${randomBytes(4).toString('hex')}`;
  let url: string | undefined;
  afterAll(async () => {
    if (url === testRedisUrl()) await deleteRedisKeys(url!, prefix);
  });
  return {
    prefix,
    get env() {
      url ??= redisUrl();
      return { ...deliveryEnv(url, prefix), ...overrides };
    },
  };
}
