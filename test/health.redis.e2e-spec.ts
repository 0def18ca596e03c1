import { afterAll, describe, expect, it } from 'vitest';

import { deleteRedisKeys } from './support/delivery-processes.js';
import { useTestApp } from './support/use-test-app.js';

describe('readiness with Redis', () => {
  // Registered first, so it runs after the app is closed.
  afterAll(() => deleteRedisKeys(process.env.TEST_REDIS_URL!, 'test-ops-health'));
  const { t } = useTestApp({ REDIS_URL: process.env.TEST_REDIS_URL, CALLBACK_QUEUE_PREFIX: 'test-ops-health' });

  it('checks Redis when REDIS_URL is set, and reports it up', async () => {
    const response = await t.http.get('/health/ready');
    const up = { status: 'up', responseTime: expect.any(Number) };
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', info: { database: up, redis: up }, error: {}, details: { database: up, redis: up } });
  });
});
