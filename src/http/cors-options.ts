import type { FastifyCorsOptions } from '@fastify/cors';

import { REQUEST_ID_HEADER } from '../logging/request-id.js';

/**
 * CORS for browsers calling the API from `origins` (`CORS_ORIGINS`; `*` for
 * any origin). Credentials travel in the `Authorization` header, never in
 * cookies, so credentialed CORS stays off.
 */
export function corsOptions(origins: readonly string[]): FastifyCorsOptions {
  return {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', REQUEST_ID_HEADER],
    exposedHeaders: [
      'Idempotent-Replayed',
      'Retry-After',
      'WWW-Authenticate',
      REQUEST_ID_HEADER,
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 600,
  };
}
