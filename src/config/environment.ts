import 'reflect-metadata';

import { plainToInstance, Type } from 'class-transformer';
import { IsBooleanString, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateBy, validateSync } from 'class-validator';

import { AppConfig, type DatabaseConfig } from './app-config.js';
import { parseDuration, parseDurationList } from './duration.js';
import { parseRedisNodes, parseReplicaUrls, type RedisTopology } from './scale-out.js';
import { parseTrustProxy, TRUST_PROXY_RULE } from './trust-proxy.js';

const DURATION = /^\d{1,9}(s|m|h|d|w)$/;
const DURATION_OR_ZERO = /^(0|\d{1,9}(s|m|h|d|w))$/;
const WINDOW = /^\d{1,9}(ms|s|m|h)$/;
const DELAY_LIST = /^\d{1,9}(ms|s|m|h)(,\d{1,9}(ms|s|m|h))*$/;
const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * The environment variables of docs/api.md#operating as they arrive (strings), with the
 * rule each must satisfy. A violation stops the process at boot with a message
 * naming the variable.
 */
export class EnvironmentVariables {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  HOST?: string;

  @IsOptional()
  @Matches(/^(mysql|mariadb):\/\/.+|^sqlite:.+/, {
    message: 'DATABASE_URL must be mysql://user:pass@host:3306/db or sqlite:<file>',
  })
  DATABASE_URL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DATABASE_CONNECT_ATTEMPTS?: number;

  @IsOptional()
  @IsIn(['apply', 'check'], { message: 'MIGRATIONS_AT_START must be apply or check' })
  MIGRATIONS_AT_START?: 'apply' | 'check';

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be redis://host:6379' })
  REDIS_URL?: string;

  @IsOptional()
  @ValidateBy({
    name: 'isReplicaUrlList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseReplicaUrls(value) !== undefined,
      defaultMessage: () => 'DATABASE_REPLICA_URLS must be comma-separated URLs such as mysql://user:pass@replica1:3306/db',
    },
  })
  DATABASE_REPLICA_URLS?: string;

  @IsOptional()
  @Matches(WINDOW, { message: 'REPLICA_MAX_LAG must be a duration such as 1s or 500ms (units ms s m h)' })
  REPLICA_MAX_LAG?: string;

  @IsOptional()
  @ValidateBy({
    name: 'isRedisNodeList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseRedisNodes(value) !== undefined,
      defaultMessage: () => 'REDIS_SENTINELS must be host:port,host:port of the Sentinels',
    },
  })
  REDIS_SENTINELS?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, {
    message: 'REDIS_SENTINEL_NAME must be the master name the Sentinels monitor (letters, digits, _.-)',
  })
  REDIS_SENTINEL_NAME?: string;

  @IsOptional()
  @ValidateBy({
    name: 'isRedisNodeList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseRedisNodes(value) !== undefined,
      defaultMessage: () => 'REDIS_CLUSTER_NODES must be host:port,host:port of some Cluster nodes',
    },
  })
  REDIS_CLUSTER_NODES?: string;

  @IsOptional()
  @IsBooleanString()
  SIGNUPS_OPEN?: string;

  @IsOptional()
  @Matches(DURATION, { message: 'SESSION_MAX_AGE must be a duration such as 30d (units s m h d w)' })
  SESSION_MAX_AGE?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  IDP_API_URL?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  IDP_CDN_URL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  IDP_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  CALLBACK_TIMEOUT_MS?: number;

  @IsOptional()
  @Matches(DELAY_LIST, { message: 'CALLBACK_RETRY_DELAYS must be a list such as 5s,5m,30m (units ms s m h)' })
  CALLBACK_RETRY_DELAYS?: string;

  @IsOptional()
  @IsBooleanString()
  CALLBACK_ALLOW_PRIVATE_NETWORKS?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:{}-]{1,64}$/, { message: 'CALLBACK_QUEUE_PREFIX must be 1..64 letters, digits or _.:{}-' })
  CALLBACK_QUEUE_PREFIX?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(10)
  CALLBACK_POLL_INTERVAL_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  CALLBACK_CONCURRENCY?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  CALLBACK_APP_CONCURRENCY?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  CALLBACK_JOB_LOCK_MS?: number;

  @IsOptional()
  @Matches(DURATION, { message: 'DELIVERY_RETENTION must be a duration such as 30d (units s m h d w)' })
  DELIVERY_RETENTION?: string;

  @IsOptional()
  @Matches(DURATION_OR_ZERO, { message: 'CALLBACK_DISABLE_AFTER must be a duration such as 5d (units s m h d w), or 0 for never' })
  CALLBACK_DISABLE_AFTER?: string;

  @IsOptional()
  @Matches(DURATION_OR_ZERO, { message: 'CALLBACK_SECRET_GRACE must be a duration such as 24h (units s m h d w), or 0 for none' })
  CALLBACK_SECRET_GRACE?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @IsOptional()
  @IsIn(['pretty', 'json'], { message: 'LOG_FORMAT must be pretty or json' })
  LOG_FORMAT?: 'pretty' | 'json';

  @IsOptional()
  @Matches(/^[0-9A-Za-z._-]{1,64}$/, { message: 'GIT_COMMIT must be a commit id or tag (letters, digits, . _ -; at most 64)' })
  GIT_COMMIT?: string;

  @IsOptional()
  @Matches(/^\s*(\*|https?:\/\/[^\s,/]+)(\s*,\s*https?:\/\/[^\s,/]+)*\s*$/, {
    message: 'CORS_ORIGINS must be * or a comma-separated list of origins such as https://app.example.com',
  })
  CORS_ORIGINS?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  RATE_LIMIT_MAX?: number;

  @IsOptional()
  @Matches(WINDOW, { message: 'RATE_LIMIT_WINDOW must be a duration such as 1m (units ms s m h)' })
  RATE_LIMIT_WINDOW?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  WORKER_PORT?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(128)
  LOGIN_LIMIT_IPV6_PREFIX?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  REQUEST_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  REQUEST_BODY_TIMEOUT_MS?: number;

  @IsOptional()
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseTrustProxy(value) !== undefined,
      defaultMessage: () => TRUST_PROXY_RULE,
    },
  })
  TRUST_PROXY?: string;
}

/** Thrown when the environment does not satisfy {@link EnvironmentVariables}. */
export class InvalidEnvironmentError extends Error {}

/**
 * Validates raw environment variables and builds the typed {@link AppConfig}
 * (docs/api.md#operating defaults applied).
 *
 * @throws InvalidEnvironmentError naming every invalid variable.
 */
export function loadAppConfig(raw: Record<string, unknown>): AppConfig {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''));
  const env = plainToInstance(EnvironmentVariables, present, { excludeExtraneousValues: false });
  const errors = validateSync(env, { skipMissingProperties: false, forbidUnknownValues: false });
  const lines = [
    ...errors.map((error) => `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}`),
    ...combinationErrors(env),
  ];
  if (lines.length > 0) {
    throw new InvalidEnvironmentError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return new AppConfig({
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    database: databaseConfig(env.DATABASE_URL),
    databaseConnectAttempts: env.DATABASE_CONNECT_ATTEMPTS ?? 10,
    migrationsAtStart: env.MIGRATIONS_AT_START ?? 'apply',
    databaseReplicaUrls: env.DATABASE_REPLICA_URLS === undefined ? [] : parseReplicaUrls(env.DATABASE_REPLICA_URLS)!,
    replicaMaxLagMs: parseDuration(env.REPLICA_MAX_LAG ?? '1s', ['ms', 's', 'm', 'h'])!,
    redisUrl: redisUrlOf(env),
    redis: redisTopology(env),
    signupsOpen: isTrue(env.SIGNUPS_OPEN ?? 'true'),
    sessionMaxAgeMs: parseDuration(env.SESSION_MAX_AGE ?? '30d', ['s', 'm', 'h', 'd', 'w'])!,
    idpApiUrl: stripTrailingSlash(env.IDP_API_URL ?? 'https://discord.com/api/v10'),
    idpCdnUrl: stripTrailingSlash(env.IDP_CDN_URL ?? 'https://cdn.discordapp.com'),
    idpTimeoutMs: env.IDP_TIMEOUT_MS ?? 5000,
    callbackTimeoutMs: env.CALLBACK_TIMEOUT_MS ?? 10_000,
    callbackRetryDelaysMs: parseDurationList(env.CALLBACK_RETRY_DELAYS ?? '5s,5m,30m,2h,5h,10h,10h', ['ms', 's', 'm', 'h'])!,
    callbackAllowPrivateNetworks: isTrue(env.CALLBACK_ALLOW_PRIVATE_NETWORKS ?? 'false'),
    callbackQueuePrefix: env.CALLBACK_QUEUE_PREFIX ?? 'bull',
    callbackPollIntervalMs: env.CALLBACK_POLL_INTERVAL_MS ?? 1000,
    callbackConcurrency: env.CALLBACK_CONCURRENCY ?? 10,
    callbackAppConcurrency: env.CALLBACK_APP_CONCURRENCY ?? Math.max(1, Math.floor((env.CALLBACK_CONCURRENCY ?? 10) / 4)),
    callbackJobLockMs: env.CALLBACK_JOB_LOCK_MS ?? 30_000,
    deliveryRetentionMs: durationOrZero(env.DELIVERY_RETENTION ?? '30d'),
    callbackDisableAfterMs: durationOrZero(env.CALLBACK_DISABLE_AFTER ?? '5d'),
    callbackSecretGraceMs: durationOrZero(env.CALLBACK_SECRET_GRACE ?? '24h'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT ?? 'auto',
    buildCommit: env.GIT_COMMIT ?? 'unknown',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    rateLimit: { max: env.RATE_LIMIT_MAX ?? 0, windowMs: parseDuration(env.RATE_LIMIT_WINDOW ?? '1m', ['ms', 's', 'm', 'h'])! },
    workerPort: env.WORKER_PORT,
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? 'false')!,
    loginLimitIpv6Prefix: env.LOGIN_LIMIT_IPV6_PREFIX ?? 64,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS ?? 30_000,
    requestBodyTimeoutMs: env.REQUEST_BODY_TIMEOUT_MS ?? 10_000,
  });
}

/**
 * Rules that span variables (docs/api.md#scaling): replicas need a MySQL/MariaDB
 * primary, Sentinels need the master's name, and Sentinel and Cluster exclude
 * each other. One line per violation, naming the variable.
 */
function combinationErrors(env: EnvironmentVariables): string[] {
  const lines: string[] = [];
  if (env.DATABASE_REPLICA_URLS !== undefined && (env.DATABASE_URL === undefined || env.DATABASE_URL.startsWith('sqlite:'))) {
    lines.push('DATABASE_REPLICA_URLS: read replicas need a mysql:// DATABASE_URL (the primary they replicate)');
  }
  if (env.REDIS_SENTINELS !== undefined && env.REDIS_SENTINEL_NAME === undefined) {
    lines.push('REDIS_SENTINEL_NAME: must be set with REDIS_SENTINELS (the name of the master the Sentinels monitor, e.g. mymaster)');
  }
  if (env.REDIS_SENTINEL_NAME !== undefined && env.REDIS_SENTINELS === undefined) {
    lines.push('REDIS_SENTINELS: must be set with REDIS_SENTINEL_NAME (host:port,host:port of the Sentinels)');
  }
  if (env.REDIS_SENTINELS !== undefined && env.REDIS_CLUSTER_NODES !== undefined) {
    lines.push('REDIS_CLUSTER_NODES: set either REDIS_SENTINELS or REDIS_CLUSTER_NODES, not both');
  }
  return lines;
}

/** The validated Redis variables as a {@link RedisTopology}; `undefined` when none is set (deliveries in the API process). */
function redisTopology(env: EnvironmentVariables): RedisTopology | undefined {
  if (env.REDIS_SENTINELS !== undefined) {
    return { kind: 'sentinel', sentinels: parseRedisNodes(env.REDIS_SENTINELS)!, name: env.REDIS_SENTINEL_NAME!, url: env.REDIS_URL };
  }
  if (env.REDIS_CLUSTER_NODES !== undefined)
    return { kind: 'cluster', nodes: parseRedisNodes(env.REDIS_CLUSTER_NODES)!, url: env.REDIS_URL };
  return env.REDIS_URL === undefined ? undefined : { kind: 'single', url: env.REDIS_URL };
}

/** `REDIS_URL`, or with only Sentinels / Cluster nodes set the first of them as a URL (for logs; clients use {@link redisTopology}). */
function redisUrlOf(env: EnvironmentVariables): string | undefined {
  if (env.REDIS_URL !== undefined) return env.REDIS_URL;
  const nodes = env.REDIS_SENTINELS ?? env.REDIS_CLUSTER_NODES;
  if (nodes === undefined) return undefined;
  const [first] = parseRedisNodes(nodes)!;
  return `redis://${first.host.includes(':') ? `[${first.host}]` : first.host}:${first.port}`;
}

function databaseConfig(url: string | undefined): DatabaseConfig {
  if (url === undefined) return { type: 'sqlite', path: 'data/service.sqlite' };
  if (url.startsWith('sqlite:')) return { type: 'sqlite', path: url.slice('sqlite:'.length) };
  return { type: 'mysql', url: url.replace(/^mariadb:/, 'mysql:') };
}

/** Reads a value `@IsBooleanString()` accepted: `true`/`1` or `false`/`0`. */
function isTrue(value: string): boolean {
  return value === 'true' || value === '1';
}

/** Reads a value `DURATION_OR_ZERO` accepted, in milliseconds (`0` is 0). */
function durationOrZero(value: string): number {
  return value === '0' ? 0 : parseDuration(value, ['s', 'm', 'h', 'd', 'w'])!;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
