import 'reflect-metadata';

import { plainToInstance, Type } from 'class-transformer';
import { IsBooleanString, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateBy, validateSync } from 'class-validator';

import { AppConfig, type DatabaseConfig } from './app-config.js';
import { parseDuration, parseDurationList } from './duration.js';
import { parseTrustProxy, TRUST_PROXY_RULE } from './trust-proxy.js';

const DURATION = /^\d{1,9}(s|m|h|d|w)$/;
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
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be redis://host:6379' })
  REDIS_URL?: string;

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
  @Min(1000)
  CALLBACK_JOB_LOCK_MS?: number;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @IsOptional()
  @IsIn(['pretty', 'json'], { message: 'LOG_FORMAT must be pretty or json' })
  LOG_FORMAT?: 'pretty' | 'json';

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
  if (errors.length > 0) {
    const lines = errors.map((error) => `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}`);
    throw new InvalidEnvironmentError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return new AppConfig({
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    database: databaseConfig(env.DATABASE_URL),
    redisUrl: env.REDIS_URL,
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
    callbackJobLockMs: env.CALLBACK_JOB_LOCK_MS ?? 30_000,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT ?? 'auto',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    rateLimit: { max: env.RATE_LIMIT_MAX ?? 0, windowMs: parseDuration(env.RATE_LIMIT_WINDOW ?? '1m', ['ms', 's', 'm', 'h'])! },
    workerPort: env.WORKER_PORT,
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? 'false')!,
  });
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

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
