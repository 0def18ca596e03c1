import { describe, expect, it } from 'vitest';

import { InvalidEnvironmentError, loadAppConfig } from './environment.js';
import { parseRedisNodes, parseReplicaUrls } from './scale-out.js';

const PRIMARY = { DATABASE_URL: 'mysql://app:pw@primary:3306/accounts' };

describe('scale-out configuration (docs/api.md#scaling)', () => {
  it('changes nothing without the new variables', () => {
    const config = loadAppConfig({ ...PRIMARY });
    expect(config.databaseReplicaUrls).toEqual([]);
    expect(config.replicaMaxLagMs).toBe(1000);
    expect(config.redis).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(loadAppConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({ kind: 'single', url: 'redis://cache:6379/2' });
  });

  it('reads replicas and the lag bound', () => {
    const config = loadAppConfig({
      ...PRIMARY,
      DATABASE_REPLICA_URLS: 'mysql://app:pw@replica1:3306/accounts, mariadb://app:pw@replica2/accounts',
      REPLICA_MAX_LAG: '500ms',
    });
    expect(config.databaseReplicaUrls).toEqual(['mysql://app:pw@replica1:3306/accounts', 'mysql://app:pw@replica2/accounts']);
    expect(config.replicaMaxLagMs).toBe(500);
  });

  it('reads Sentinels with the master name, keeping REDIS_URL for credentials', () => {
    const config = loadAppConfig({
      REDIS_URL: 'redis://:secret@ignored:6379/3',
      REDIS_SENTINELS: 's1:26379,[::1]:26380',
      REDIS_SENTINEL_NAME: 'mymaster',
    });
    expect(config.redis).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'mymaster',
      url: 'redis://:secret@ignored:6379/3',
    });
    expect(config.redisUrl).toBe('redis://:secret@ignored:6379/3');
  });

  it('reads Cluster nodes; Redis is in use without REDIS_URL', () => {
    const config = loadAppConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7000' });
    expect(config.redis).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7000 },
      ],
      url: undefined,
    });
    expect(config.redisUrl).toBe('redis://10.0.0.1:7000');
  });

  it.each([
    [{ ...PRIMARY, DATABASE_REPLICA_URLS: 'replica1:3306' }, 'DATABASE_REPLICA_URLS'],
    [{ ...PRIMARY, DATABASE_REPLICA_URLS: 'mysql://ok@r1/db,postgres://r2/db' }, 'DATABASE_REPLICA_URLS'],
    [{ ...PRIMARY, DATABASE_REPLICA_URLS: 'mysql://[bad/db' }, 'DATABASE_REPLICA_URLS'],
    [{ DATABASE_REPLICA_URLS: 'mysql://r1/db' }, 'DATABASE_REPLICA_URLS'],
    [{ ...PRIMARY, REPLICA_MAX_LAG: '1d' }, 'REPLICA_MAX_LAG'],
    [{ REDIS_SENTINELS: 's1:26379' }, 'REDIS_SENTINEL_NAME'],
    [{ REDIS_SENTINEL_NAME: 'mymaster' }, 'REDIS_SENTINELS'],
    [{ REDIS_SENTINELS: 's1', REDIS_SENTINEL_NAME: 'mymaster' }, 'REDIS_SENTINELS'],
    [{ REDIS_CLUSTER_NODES: 'n1:99999' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'm', REDIS_CLUSTER_NODES: 'n1:7000' }, 'REDIS_CLUSTER_NODES'],
  ])('rejects %o with one line naming %s', (env, name) => {
    expect(() => loadAppConfig(env)).toThrow(InvalidEnvironmentError);
    expect(() => loadAppConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: [^\\n]+$`));
  });

  it('parses node and URL lists', () => {
    expect(parseRedisNodes('a:1, b.example:65535')).toEqual([
      { host: 'a', port: 1 },
      { host: 'b.example', port: 65535 },
    ]);
    expect(parseRedisNodes('a:0')).toBeUndefined();
    expect(parseRedisNodes('')).toBeUndefined();
    expect(parseReplicaUrls(' , ')).toBeUndefined();
  });
});
