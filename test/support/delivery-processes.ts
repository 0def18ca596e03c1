import { createServer } from 'node:net';
import { join } from 'node:path';

import { Redis } from 'ioredis';
import { expect } from 'vitest';

import type { AppConfig } from '../../src/config/app-config.js';
import { APP_PERMISSIONS } from '../../src/permissions/permission.js';
import type { CallbackReceiver } from './callback-receiver.js';
import { TestProcess } from './child-process.js';
import type { Credentials } from './http-client.js';
import { NO_PERMISSIONS } from './permissions.js';
import type { TestApp } from './test-app.js';

/** Where the compiled service is: `dist` (CI builds it) or `TEST_DIST_DIR`. */
export const DIST_DIR = process.env.TEST_DIST_DIR ?? 'dist';

/** The `DATABASE_URL` of a running TestApp, for processes that must share its database. */
export function databaseUrlOf(config: AppConfig): string {
  return config.database.type === 'mysql' ? config.database.url : `sqlite:${config.database.path}`;
}

/** Starts `node <dist>/worker.js` with `env` and waits until it is ready. */
export function startWorker(name: string, env: Record<string, string | undefined>): Promise<TestProcess> {
  return TestProcess.start(name, process.execPath, [join(DIST_DIR, 'worker.js')], {
    env: { LOG_LEVEL: 'info', ...env },
    ready: 'Delivery worker started',
  });
}

/** A free local TCP port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
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

/** The Standard Webhooks secret the Redis suites register. */
export const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

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

/** Creates an admin app, a listener app and a team `Red`; returns helpers to register callbacks and move accounts into `Red`. */
export async function scenario(t: TestApp, receiver: CallbackReceiver) {
  const admin = await t.createApp(APP_PERMISSIONS, 'admin');
  const listener = await t.createApp(NO_PERMISSIONS, 'listener');
  const red: number = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
  return {
    admin,
    listener,
    red,
    register: async (app: Credentials, path: string) => {
      const response = await t.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret: WHSEC } });
      expect(response.status).toBe(200);
    },
    join: async (accountId: string, api: TestApp = t) => {
      const response = await api.http.patch(`/account/${accountId}`, { auth: admin, body: { team: red } });
      expect(response.status).toBe(200);
      return response.body;
    },
  };
}
