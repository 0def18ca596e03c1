import { describe, expect, it } from 'vitest';

import { runEntry } from './support/delivery-processes.js';

/**
 * Bad scale-out configuration (docs/api.md#scaling) stops the built API at start,
 * before it touches a database or Redis, with a line naming the variable and
 * no stack trace.
 */
describe('scale-out configuration at start', () => {
  it.each([
    [{ DATABASE_URL: 'mysql://app@127.0.0.1:1/db', DATABASE_REPLICA_URLS: 'replica1:3306' }, 'DATABASE_REPLICA_URLS: '],
    [{ REDIS_SENTINELS: '127.0.0.1:26379' }, 'REDIS_SENTINEL_NAME: must be set with REDIS_SENTINELS'],
    [
      { REDIS_SENTINELS: '127.0.0.1:26379', REDIS_SENTINEL_NAME: 'mymaster', REDIS_CLUSTER_NODES: '127.0.0.1:7000' },
      'REDIS_CLUSTER_NODES: set either REDIS_SENTINELS or REDIS_CLUSTER_NODES, not both',
    ],
  ])('%o stops the API with "%s"', async (env, line) => {
    const result = await runEntry('main', [], {
      DATABASE_URL: 'sqlite::memory:',
      REDIS_URL: '',
      ...env,
    });
    expect(result.code).toBe(1);
    // One fatal JSON line on standard output, naming the variable (the start-up log's format).
    const entries = result.stdout
      .split('\n')
      .filter((text) => text.trim() !== '')
      .map((text) => JSON.parse(text) as { level: number; msg: string });
    expect(entries).toEqual([
      expect.objectContaining({
        level: 60,
        msg: expect.stringMatching(
          new RegExp(`^Start-up failed: Invalid configuration:\n {2}${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        ),
      }),
    ]);
  });
});
