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
  });

  it('stops on SIGTERM', async () => {
    expect(await worker.stop('SIGTERM')).toBeNull();
    expect(worker.child.signalCode).toBe('SIGTERM');
  });
});
