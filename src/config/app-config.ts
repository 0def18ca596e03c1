import type { RedisTopology } from './scale-out.js';
import type { TrustProxy } from './trust-proxy.js';

/** Where the service keeps its data: MySQL/MariaDB or an embedded SQLite file (docs/api.md#operating). */
export type DatabaseConfig = { readonly type: 'mysql'; readonly url: string } | { readonly type: 'sqlite'; readonly path: string };

/**
 * The service's configuration, validated once at boot from the environment
 * (docs/api.md#operating). Nothing else reads `process.env`; inject this class instead.
 * Durations are milliseconds.
 */
export class AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  /** Attempts to connect to the database at start, 3 s apart, before the process gives up (`DATABASE_CONNECT_ATTEMPTS`). */
  readonly databaseConnectAttempts: number;
  /**
   * What the API and the worker do with pending migrations at start (`MIGRATIONS_AT_START`, docs/api.md#operating):
   * `apply` them, or `check` that none is pending and stop if one is (migrations run elsewhere, with their own credentials).
   */
  readonly migrationsAtStart: 'apply' | 'check';
  /** Read replicas of the MySQL/MariaDB primary (`DATABASE_REPLICA_URLS`, docs/api.md#scaling); empty: every statement on the primary. */
  readonly databaseReplicaUrls: readonly string[];
  /** A replica further behind than this (`REPLICA_MAX_LAG`) serves no reads until it catches up. */
  readonly replicaMaxLagMs: number;
  /**
   * Set whenever the service uses Redis (`REDIS_URL`, or the first Sentinel / Cluster node);
   * `undefined` runs deliveries inside the API process. Connect through `redis/redis-clients.ts`, which follows {@link redis}.
   */
  readonly redisUrl: string | undefined;
  /** How Redis is reached: one server, Sentinel or Cluster (docs/api.md#scaling); `undefined` without Redis. */
  readonly redis: RedisTopology | undefined;
  readonly signupsOpen: boolean;
  readonly sessionMaxAgeMs: number;
  readonly idpApiUrl: string;
  readonly idpCdnUrl: string;
  readonly idpTimeoutMs: number;
  readonly callbackTimeoutMs: number;
  readonly callbackRetryDelaysMs: readonly number[];
  readonly callbackAllowPrivateNetworks: boolean;
  /** BullMQ key prefix in Redis, so several deployments (or test runs) can share one Redis. */
  readonly callbackQueuePrefix: string;
  /** How often the outbox relay and the embedded runner look for work. */
  readonly callbackPollIntervalMs: number;
  /** Deliveries one process sends at the same time (BullMQ worker or embedded runner). */
  readonly callbackConcurrency: number;
  /**
   * One app's share of `callbackConcurrency` (`CALLBACK_APP_CONCURRENCY`,
   * default a quarter): the attempts to its callbacks a process always lets
   * it have in flight, and all an app whose receivers are slow or hang gets
   * (delivery/app-slots.ts).
   */
  readonly callbackAppConcurrency: number;
  /** BullMQ job lock: a job whose worker died is handed to another worker after about this long. */
  readonly callbackJobLockMs: number;
  /** How long ended deliveries (and their attempt log) are kept (`DELIVERY_RETENTION`, docs/api.md#delivery-log). */
  readonly deliveryRetentionMs: number;
  /** A callback failing for good this long without a success is disabled (`CALLBACK_DISABLE_AFTER`); 0: never. */
  readonly callbackDisableAfterMs: number;
  /** After a new secret, deliveries are signed with the old one too for this long (`CALLBACK_SECRET_GRACE`); 0: not at all. */
  readonly callbackSecretGraceMs: number;
  readonly logLevel: string;
  /** `LOG_FORMAT`: `json` lines, `pretty` (one coloured line each, for a person), or `auto`: pretty on a terminal, JSON otherwise. */
  readonly logFormat: 'pretty' | 'json' | 'auto';
  /** `GIT_COMMIT`: the commit the image was built from (set at image build), `unknown` when not set; `accounts_build_info`'s `commit`. */
  readonly buildCommit: string;
  /** Origins allowed by CORS (`CORS_ORIGINS`); empty: no cross-origin access; `['*']`: any origin. */
  readonly corsOrigins: readonly string[];
  /** Requests allowed per credential (or client IP) per `windowMs`; `max` 0 disables rate limiting. */
  readonly rateLimit: { readonly max: number; readonly windowMs: number };
  /** Which proxies' `X-Forwarded-For` gives the client address (`TRUST_PROXY`); `false`: the socket's peer. */
  readonly trustProxy: TrustProxy;
  /** `LOGIN_LIMIT_IPV6_PREFIX`: failed authentications from IPv6 clients are counted per network of this prefix length (128: per address). */
  readonly loginLimitIpv6Prefix: number;
  /** `REQUEST_TIMEOUT_MS`: a whole request, headers and body, must arrive within this; else 408 and the connection is closed. */
  readonly requestTimeoutMs: number;
  /** `REQUEST_BODY_TIMEOUT_MS`: a request body must arrive within this of its headers; else 408. */
  readonly requestBodyTimeoutMs: number;
  /** Port of the worker's health and metrics endpoints (`WORKER_PORT`); `undefined`: the worker serves none. */
  readonly workerPort: number | undefined;

  constructor(values: AppConfig) {
    Object.assign(this, values);
    Object.freeze(this);
  }
}
