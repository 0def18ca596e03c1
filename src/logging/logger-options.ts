import { hostname } from 'node:os';

import type { LoggerOptions } from 'pino';

import type { AppConfig } from '../config/app-config.js';

/**
 * Paths pino replaces with `[redacted]` wherever they would appear in a log
 * line: credentials in headers, and every field of this service that carries a
 * token or a secret (Basic passwords, session and app tokens, identity-provider
 * tokens, callback secrets), at the top level and one or two levels down.
 */
export const REDACTED_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  ...['password', 'token', 'secret', 'idp_token', 'authorization', 'tokenHash'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/**
 * pino options of the API and the worker: JSON lines at `LOG_LEVEL`, tagged
 * with the service, host and process; {@link REDACTED_PATHS} redacted from
 * anything logged. Of a `req`, only `{id, method, url, remoteAddress}` is
 * logged, of a `res` only `{statusCode}`: never headers or bodies, whatever
 * object is passed. `err` keeps pino's serializer (type, message, stack).
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    // The host (container) and process tell instances apart when several run.
    base: { service: 'accounts-service', hostname: hostname(), pid: process.pid },
    messageKey: 'msg',
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    serializers: {
      req: (request: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
        remoteAddress: request.remoteAddress,
      }),
      res: (response: { statusCode: number | null }) => ({ statusCode: response.statusCode }),
    },
  };
}
