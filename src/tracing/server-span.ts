import { type Span, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

import { tracingEnabled } from './tracing-state.js';

/** Server spans whose `error.type` the exceptions filter has set (the error's class): the status is not written over it. */
const withErrorType = new WeakSet<Span>();

/**
 * Names the HTTP server span of each request of `fastify` as OpenTelemetry's
 * HTTP semantic conventions ask (docs/operations.md#tracing): `METHOD route`
 * with the route template (`PATCH /account/:account`, never the raw path) and
 * `http.route` once the request matched a route (a request that matched none
 * keeps the name `METHOD`); and, for an answer of 500 or more whose error
 * {@link recordServerError} did not describe, `error.type` the status code
 * (`"503"`). Does nothing when tracing is off. Call before the routes are
 * registered (before `app.init()`).
 */
export function nameServerSpans(fastify: FastifyInstance): void {
  if (!tracingEnabled()) return;
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (span && route !== undefined) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    const span = trace.getActiveSpan();
    if (span && reply.statusCode >= 500 && !withErrorType.has(span)) span.setAttribute('error.type', String(reply.statusCode));
    done(null, payload);
  });
}

/**
 * Sets `error.type` of the current request's server span to the class of
 * `error` (`QueryFailedError`), for an error answered with a status of 500 or
 * more; a value that is not an `Error` leaves it to the status code. Does
 * nothing when tracing is off.
 */
export function recordServerError(error: unknown): void {
  if (!tracingEnabled() || !(error instanceof Error)) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttribute('error.type', error.constructor.name || error.name);
  withErrorType.add(span);
}
