import type { FastifyInstance } from 'fastify';

/** Answer to requests arriving while the server closes (docs/api.md#conventions error body). */
export const SHUTTING_DOWN_DETAIL = 'The service is shutting down; retry the request.';

/**
 * Graceful shutdown of the HTTP server. When Fastify closes, it
 * stops accepting connections and closes the idle ones; requests in flight
 * run to completion. From that moment:
 * - every answer carries `Connection: close`, so a connection whose request
 *   was in flight ends right after it instead of holding the shutdown open;
 * - a request arriving on a still-open connection gets 503
 *   `{"detail": "..."}` with `Connection: close`.
 * Create the adapter with `return503OnClosing: false` so that Fastify's own
 * 503 (another body) gives way to this one.
 */
export function gracefulShutdown(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.code(503).header('connection', 'close').send({ detail: SHUTTING_DOWN_DETAIL });
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
