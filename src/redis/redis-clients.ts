import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ConnectionOptions, RedisOptions as BullRedisOptions } from 'bullmq';
import { Cluster, Redis, type RedisOptions } from 'ioredis';

import { AppConfig } from '../config/app-config.js';
import type { RedisTopology } from '../config/scale-out.js';
import { redisConnectionOptions } from './redis-options.js';

/** What a client is for: BullMQ's queue (producer) or worker, or a short health check. */
export type RedisUse = 'queue' | 'worker' | 'health';

/**
 * The one place Redis clients are made (docs/api.md#operating, docs/api.md#scaling), for every Redis
 * use of the service: one server (`REDIS_URL`), the master named by
 * Sentinels (ioredis follows failovers: it asks the Sentinels again and
 * reconnects to the promoted replica), or a Cluster (ioredis `Cluster`,
 * following slot moves and promoted replicas). Settings per use:
 * - `queue`: fails fast while Redis is away (`enableOfflineQueue: false`),
 *   so deliveries wait in the database (a BullMQ queue makes no blocking calls);
 * - `worker`: `maxRetriesPerRequest: null`, as BullMQ requires for its blocking connections;
 * - `health`: one retry per command.
 *
 * For BullMQ, one server and Sentinel are given as options (BullMQ makes and
 * closes its clients); a Cluster as a client, which BullMQ shares and this
 * class closes at shutdown. Queue keys are hash-tagged in a Cluster
 * ({@link bullPrefix}) so each queue lives in one slot.
 */
@Injectable()
export class RedisClients implements OnApplicationShutdown {
  private readonly owned: (Redis | Cluster)[] = [];

  constructor(private readonly config: AppConfig) {}

  /** BullMQ's `connection` for `use`. */
  bullConnection(use: 'queue' | 'worker'): ConnectionOptions {
    const topology = this.topology();
    // BullMQ declares its own subset of ioredis's options; these are ioredis's, passed through as they are.
    if (topology.kind !== 'cluster') return redisOptions(topology, use) as BullRedisOptions;
    const cluster = createRedisClient(topology, use);
    this.owned.push(cluster);
    return cluster;
  }

  /** BullMQ's key prefix: `CALLBACK_QUEUE_PREFIX`, hash-tagged (`{bull}`) in a Cluster. */
  bullPrefix(): string {
    return bullPrefix(this.topology(), this.config.callbackQueuePrefix);
  }

  /** A client of its own for `use`; the caller disconnects it. */
  client(use: RedisUse): Redis | Cluster {
    return createRedisClient(this.topology(), use);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.owned.map((client) => client.quit().catch(() => client.disconnect())));
  }

  private topology(): RedisTopology {
    if (!this.config.redis) throw new Error('Redis is not configured: set REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES.');
    return this.config.redis;
  }
}

/** ioredis options for one server or a Sentinel-managed master (credentials, database and TLS from `REDIS_URL`). */
export function redisOptions(topology: Exclude<RedisTopology, { kind: 'cluster' }>, use: RedisUse): RedisOptions {
  const fromUrl = topology.url === undefined ? {} : redisConnectionOptions(topology.url);
  const base: RedisOptions =
    topology.kind === 'single'
      ? fromUrl
      : {
          ...withoutAddress(fromUrl),
          sentinels: topology.sentinels.map(({ host, port }) => ({ host, port })),
          name: topology.name,
          ...(fromUrl.tls ? { enableTLSForSentinelMode: true } : {}),
        };
  return { ...base, ...useOptions(use) };
}

/** A new ioredis client (Redis or Cluster) for `use`. */
export function createRedisClient(topology: RedisTopology, use: RedisUse): Redis | Cluster {
  const connectionName = `accounts-service:${use}`;
  if (topology.kind !== 'cluster') return new Redis({ ...redisOptions(topology, use), connectionName });
  const fromUrl = topology.url === undefined ? {} : withoutAddress(redisConnectionOptions(topology.url));
  delete fromUrl.db; // a Cluster has only database 0
  const { enableOfflineQueue, ...perNode } = useOptions(use);
  return new Cluster(
    topology.nodes.map(({ host, port }) => ({ host, port })),
    { redisOptions: { ...fromUrl, ...perNode, connectionName }, ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }) },
  );
}

/** The BullMQ prefix for `prefix`: in a Cluster wrapped in `{}` (unless it has a hash tag already) so a queue's keys share one slot. */
export function bullPrefix(topology: RedisTopology | undefined, prefix: string): string {
  return topology?.kind === 'cluster' && !/\{[^}]+\}/.test(prefix) ? `{${prefix}}` : prefix;
}

function useOptions(use: RedisUse): RedisOptions {
  if (use === 'queue') return { enableOfflineQueue: false };
  if (use === 'worker') return { maxRetriesPerRequest: null };
  return { maxRetriesPerRequest: 1 };
}

function withoutAddress(options: RedisOptions): RedisOptions {
  const rest = { ...options };
  delete rest.host;
  delete rest.port;
  return rest;
}
