import { beforeAll, describe, expect, it } from 'vitest';

import type { TestProcess } from './support/child-process.js';
import { freePort, useDeliveryQueue, useProcesses } from './support/delivery-processes.js';
import { HttpClient } from './support/http-client.js';
import { testDatabaseUrl } from './support/test-database.js';

describe('the worker probes and metrics on WORKER_PORT', () => {
  const queue = useDeliveryQueue('ops-worker');
  const processes = useProcesses();
  let worker: TestProcess;
  let http: HttpClient;

  beforeAll(async () => {
    const port = await freePort();
    const { REDIS_URL, CALLBACK_QUEUE_PREFIX } = queue.env;
    worker = await processes.worker('worker', {
      WORKER_PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL,
      CALLBACK_QUEUE_PREFIX,
    });
    http = new HttpClient(`http://127.0.0.1:${port}`);
  });

  it('reports ready when the database and Redis answer', async () => {
    const response = await http.get('/health/ready');
    const up = { status: 'up', responseTime: expect.any(Number) };
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', info: { database: up, redis: up }, error: {}, details: { database: up, redis: up } });
  });

  it('serves its delivery metrics', async () => {
    const response = await http.get('/metrics');
    expect(response.status).toBe(200);
    for (const name of ['callback_delivery_attempts_total', 'callback_deliveries_total', 'outbox_backlog', 'callback_queue_jobs']) {
      expect(response.text).toContain(`# TYPE ${name} `);
    }
    const lines = response.text.split('\n');
    expect(lines.filter((line) => line.startsWith('accounts_dependency_up'))).toEqual([
      'accounts_dependency_up{dependency="database"} 1',
      'accounts_dependency_up{dependency="redis"} 1',
    ]);
    expect(lines.filter((line) => line.startsWith('accounts_build_info'))).toEqual([
      expect.stringMatching(/^accounts_build_info\{version="\d+\.\d+\.\d+[^"]*",commit="unknown"\} 1$/),
    ]);
    expect(lines.filter((line) => line.startsWith('accounts_deliveries_admissible'))).toEqual(['accounts_deliveries_admissible 0']);
    expect(response.text).toContain('# TYPE accounts_delivery_latency_seconds histogram');
    expect(response.text).toContain('# TYPE accounts_db_pool_connections gauge');
    expect(response.text).toContain('# TYPE accounts_db_pool_waiting_requests gauge');
  });

  it('stops on SIGTERM', async () => {
    expect(await worker.stop('SIGTERM')).toBeNull();
    expect(worker.child.signalCode).toBe('SIGTERM');
  });
});
