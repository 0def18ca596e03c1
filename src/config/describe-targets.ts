import type { AppConfig } from './app-config.js';
import type { RedisNode } from './scale-out.js';

/**
 * What a process uses, for its start-up line (docs/operations.md#health-metrics-logs-api-document):
 * `database mysql db:3306/accounts (replicas r1:3306), Redis redis://redis:6379/0, queue prefix bull`,
 * `... Redis Sentinel master accounts via s1:26379,s2:26379 ...`, `... Redis Cluster via n1:7000,...`,
 * or `database SQLite data/service.sqlite, no Redis (deliveries in this process)`.
 * No user name or password appears.
 */
export function describeTargets(config: AppConfig): string {
  const database =
    config.database.type === 'mysql' ? `database mysql ${hostAndPath(config.database.url)}` : `database SQLite ${config.database.path}`;
  const replicas = config.databaseReplicaUrls.length === 0 ? '' : ` (replicas ${config.databaseReplicaUrls.map(hostAndPath).join(', ')})`;
  return `${database}${replicas}, ${describeRedis(config)}`;
}

function describeRedis(config: AppConfig): string {
  const redis = config.redis;
  if (redis === undefined) return 'no Redis (deliveries in this process)';
  const prefix = `queue prefix ${config.callbackQueuePrefix}`;
  switch (redis.kind) {
    case 'single':
      return `Redis ${withoutCredentials(redis.url)}, ${prefix}`;
    case 'sentinel':
      return `Redis Sentinel master ${redis.name} via ${nodes(redis.sentinels)}, ${prefix}`;
    case 'cluster':
      return `Redis Cluster via ${nodes(redis.nodes)}, ${prefix}`;
  }
}

function nodes(list: readonly RedisNode[]): string {
  return list.map((node) => (node.host.includes(':') ? `[${node.host}]:${node.port}` : `${node.host}:${node.port}`)).join(',');
}

/** `host:port/path` of a URL, or `(unreadable URL)`. */
function hostAndPath(url: string): string {
  return URL.canParse(url) ? `${new URL(url).host}${new URL(url).pathname}` : '(unreadable URL)';
}

/** `redis://host:port/db` (or `rediss:`) without user and password. */
function withoutCredentials(url: string): string {
  if (!URL.canParse(url)) return '(unreadable URL)';
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}
