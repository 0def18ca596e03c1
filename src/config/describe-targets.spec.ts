import { describe, expect, it } from 'vitest';

import { describeTargets } from './describe-targets.js';
import { loadAppConfig } from './environment.js';

describe('the start-up line: database, Redis and queue prefix, never a password', () => {
  it('names the MySQL host and database, the replicas, the Redis URL without credentials and the prefix', () => {
    const config = loadAppConfig({
      DATABASE_URL: 'mysql://app:db-secret@db.internal:3306/accounts',
      DATABASE_REPLICA_URLS: 'mysql://app:db-secret@r1:3306/accounts,mysql://app:db-secret@r2:3307/accounts',
      REDIS_URL: 'redis://:redis-secret@cache:6380/2',
      CALLBACK_QUEUE_PREFIX: 'prod',
    });
    expect(describeTargets(config)).toBe(
      'database mysql db.internal:3306/accounts (replicas r1:3306/accounts, r2:3307/accounts), Redis redis://cache:6380/2, queue prefix prod',
    );
  });

  it('names the Sentinels and master, or the Cluster nodes, and SQLite without Redis', () => {
    const sentinel = loadAppConfig({
      DATABASE_URL: 'mysql://app:pw@db:3306/accounts',
      REDIS_URL: 'redis://:redis-secret@ignored:6379/1',
      REDIS_SENTINELS: 's1:26379,[::1]:26380',
      REDIS_SENTINEL_NAME: 'accounts',
    });
    expect(describeTargets(sentinel)).toBe(
      'database mysql db:3306/accounts, Redis Sentinel master accounts via s1:26379,[::1]:26380, queue prefix bull',
    );
    const cluster = loadAppConfig({ DATABASE_URL: 'mysql://app:pw@db:3306/accounts', REDIS_CLUSTER_NODES: 'n1:7000,n2:7001' });
    expect(describeTargets(cluster)).toMatch(/, Redis Cluster via n1:7000,n2:7001, queue prefix \{?bull\}?$/);
    expect(describeTargets(loadAppConfig({ DATABASE_URL: 'sqlite:data/other.sqlite' }))).toBe(
      'database SQLite data/other.sqlite, no Redis (deliveries in this process)',
    );
  });
});
