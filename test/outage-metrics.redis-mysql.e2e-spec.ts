import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestProcess } from './support/child-process.js';
import { freePort, useOwnRedis, useProcesses } from './support/delivery-processes.js';
import { HttpClient } from './support/http-client.js';
import { MysqlFaultProxy } from './support/mysql-fault-proxy.js';
import { TestApp } from './support/test-app.js';
import { testDatabaseUrl } from './support/test-database.js';

/** The Prometheus sample lines of `text` whose metric name is `name` (labels included). */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

/** The gauges read from the database: left out of a scrape while it is down. */
const FROM_DATABASE = ['outbox_backlog', 'callbacks_disabled', 'callback_queue_jobs', 'accounts_deliveries_admissible'];

/**
 * Seeing during outages (docs/operations.md#metrics-during-an-outage): an API
 * and a worker on a Redis of the suite's own and on the test database through
 * a proxy, each dependency taken away in turn. `/metrics` answers 200 on both
 * with `accounts_dependency_up` saying what is down; the API stays ready
 * without Redis (it still takes writes) and is not ready without the
 * database; the worker needs both. The API's log names the dependency.
 */
describe('metrics and readiness while a dependency is down', () => {
  const redis = useOwnRedis();
  const processes = useProcesses();
  const database = new URL(testDatabaseUrl());
  const lines: string[] = [];
  let proxy: MysqlFaultProxy;
  let api: TestApp;
  let worker: TestProcess;
  let workerHttp: HttpClient;

  beforeAll(async () => {
    proxy = await MysqlFaultProxy.start(database.hostname, Number(database.port || 3306));
    const proxied = new URL(database);
    proxied.port = String(proxy.port);
    const env = { DATABASE_URL: proxied.toString(), REDIS_URL: redis.url, CALLBACK_QUEUE_PREFIX: 'test-outage-metrics' };
    api = await TestApp.start({ ...env, LOG_LEVEL: 'info' }, { logDestination: { write: (line: string) => void lines.push(line) } });
    const port = await freePort();
    worker = await processes.worker('worker', { ...env, WORKER_PORT: String(port), HOST: '127.0.0.1' });
    workerHttp = new HttpClient(`http://127.0.0.1:${port}`);
  }, 60_000);
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await api?.close().catch(() => undefined);
    await proxy?.close();
  });

  const healthLines = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; context?: string; msg: string })
      .filter((line) => line.context === 'Health' || /unavailable/i.test(line.msg))
      .map((line) => [line.level, line.msg]);

  it('with Redis down: /metrics 200 with redis 0 on both; the API ready (degraded, redis down in the body), the worker not', async () => {
    await redis.stop();
    try {
      for (const http of [api.http, workerHttp]) {
        const metrics = await http.get('/metrics');
        expect(metrics.status).toBe(200);
        expect(samples(metrics.text, 'accounts_dependency_up')).toEqual([
          'accounts_dependency_up{dependency="database"} 1',
          'accounts_dependency_up{dependency="redis"} 0',
        ]);
        for (const name of FROM_DATABASE) expect(metrics.text).toContain(`# TYPE ${name} gauge`);
        expect(samples(metrics.text, 'accounts_build_info')).toHaveLength(1);
      }
      const database = { status: 'up', responseTime: expect.any(Number) };
      const down = { status: 'down', message: expect.any(String), responseTime: expect.any(Number) };
      const ready = await api.http.get('/health/ready');
      expect([ready.status, ready.body]).toEqual([
        200,
        { status: 'degraded', info: { database }, error: { redis: down }, details: { database, redis: down } },
      ]);
      const workerReady = await workerHttp.get('/health/ready');
      expect([workerReady.status, workerReady.body]).toEqual([
        503,
        { detail: { status: 'error', info: { database }, error: { redis: down }, details: { database, redis: down } } },
      ]);
      expect(healthLines()).toEqual([[40, expect.stringMatching(/^Ready without redis: redis down \(.+\); events wait in the database$/)]]);
    } finally {
      await redis.start();
    }
    const back = await api.http.get('/health/ready');
    expect([back.status, back.body.status]).toEqual([200, 'ok']);
    expect(healthLines().at(-1)).toEqual([30, 'Ready: every dependency answers again']);
  }, 60_000);

  it('with the database down: /metrics 200 with database 0 and its gauges left out, on both; neither is ready', async () => {
    lines.length = 0;
    const port = proxy.port;
    await proxy.close();
    try {
      for (const http of [api.http, workerHttp]) {
        const metrics = await http.get('/metrics');
        expect(metrics.status).toBe(200);
        expect(samples(metrics.text, 'accounts_dependency_up')).toEqual([
          'accounts_dependency_up{dependency="database"} 0',
          'accounts_dependency_up{dependency="redis"} 1',
        ]);
        for (const name of FROM_DATABASE) expect(metrics.text).not.toContain(`# TYPE ${name} `);
        // Read from the process's memory: still served.
        expect(samples(metrics.text, 'accounts_build_info')).toHaveLength(1);
        expect(samples(metrics.text, 'accounts_db_pool_max_connections')).toEqual(['accounts_db_pool_max_connections{pool="primary"} 20']);
        expect(samples(metrics.text, 'accounts_db_pool_waiting_requests')).toHaveLength(1);
        expect(metrics.text).toContain('# TYPE accounts_delivery_latency_seconds histogram');
        expect(samples(metrics.text, 'process_resident_memory_bytes')).toHaveLength(1);
      }
      for (const http of [api.http, workerHttp]) {
        const ready = await http.get('/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.detail).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
      }
      expect(healthLines()).toEqual([[40, expect.stringMatching(/^Not ready: database down \(.+\)$/)]]);
    } finally {
      proxy = await MysqlFaultProxy.start(database.hostname, Number(database.port || 3306), port);
    }
    // Back: the gauges read from the database are served again.
    for (let attempt = 0; ; attempt++) {
      const metrics = await api.http.get('/metrics');
      if (samples(metrics.text, 'accounts_dependency_up').includes('accounts_dependency_up{dependency="database"} 1') || attempt > 50) {
        expect(samples(metrics.text, 'outbox_backlog')).toEqual(['outbox_backlog 0']);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);
});
