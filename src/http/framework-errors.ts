import type { FastifyError, FastifyReply } from 'fastify';

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any
 * route runs (a malformed percent-encoding, 400; a path segment over the
 * 100-character `maxParamLength`, 414) bypass Nest's exception filter, so
 * they are answered here in the `{"detail": "..."}` shape of docs/api.md#conventions.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ detail: error.message });
}
