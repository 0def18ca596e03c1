import { hostname } from 'node:os';

import type { Options } from 'pino-http';

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
 * pino-http options for the API and the worker: JSON lines at `LOG_LEVEL`;
 * every line written while handling a request carries its `reqId` (Fastify's
 * request id, see request-id.ts; `quietReqLogger`); each request is logged once
 * when answered, without headers or bodies (method, path, status, duration:
 * warn for 4xx, error for 5xx); {@link REDACTED_PATHS} are redacted from
 * anything else logged.
 */
export function pinoHttpOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    // The host (container) and process tell instances apart when several run.
    base: { service: 'accounts-service', hostname: hostname(), pid: process.pid },
    messageKey: 'msg',
    quietReqLogger: true,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (request: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
        remoteAddress: request.remoteAddress,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  };
}
