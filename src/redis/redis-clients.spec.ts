import { Cluster } from 'ioredis';
import { describe, expect, it } from 'vitest';

import { loadAppConfig } from '../config/environment.js';
import { bullPrefix, createRedisClient, redisOptions } from './redis-clients.js';

describe('Redis clients (docs/api.md#scaling)', () => {
  it('keeps one server as REDIS_URL says, failing fast for the queue and without retry limit for the worker', () => {
    const topology = loadAppConfig({ REDIS_URL: 'redis://:pw@cache:6380/2' }).redis!;
    expect(topology.kind).toBe('single');
    if (topology.kind === 'cluster') return;
    expect(redisOptions(topology, 'queue')).toEqual({ host: 'cache', port: 6380, password: 'pw', db: 2, enableOfflineQueue: false });
    expect(redisOptions(topology, 'worker')).toMatchObject({ host: 'cache', maxRetriesPerRequest: null });
  });

  it('asks the Sentinels for the named master, with credentials and database of REDIS_URL', () => {
    const topology = loadAppConfig({
      REDIS_URL: 'redis://:pw@ignored:6379/3',
      REDIS_SENTINELS: 's1:26379,s2:26380',
      REDIS_SENTINEL_NAME: 'mymaster',
    }).redis!;
    if (topology.kind === 'cluster') throw new Error('unexpected');
    expect(redisOptions(topology, 'worker')).toEqual({
      password: 'pw',
      db: 3,
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
      ],
      name: 'mymaster',
      maxRetriesPerRequest: null,
    });
  });

  it('makes Cluster clients whose nodes take no retry limit, and hash-tags the queue prefix', () => {
    const topology = loadAppConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:1,127.0.0.1:2' }).redis!;
    expect(bullPrefix(topology, 'bull')).toBe('{bull}');
    expect(bullPrefix(topology, '{tenant}-bull')).toBe('{tenant}-bull');
    expect(bullPrefix(loadAppConfig({ REDIS_URL: 'redis://x' }).redis, 'bull')).toBe('bull');
    const cluster = createRedisClient(topology, 'worker') as Cluster;
    cluster.on('error', () => undefined);
    try {
      expect(cluster).toBeInstanceOf(Cluster);
      expect(cluster.options.redisOptions).toMatchObject({ maxRetriesPerRequest: null, connectionName: 'accounts-service:worker' });
    } finally {
      cluster.disconnect();
    }
  });
});
