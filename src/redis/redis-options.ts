import type { RedisOptions } from 'bullmq';

/**
 * BullMQ (ioredis) connection options for a `redis://` or `rediss://` URL (docs/api.md#operating
 * `REDIS_URL`): host, port, user, password, database number (`/2`) and TLS.
 */
export function redisConnectionOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(/^\d+$/.test(db) ? { db: Number(db) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
