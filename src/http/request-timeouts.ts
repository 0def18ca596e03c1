import type { ServerOptions } from 'node:http';
import { PassThrough } from 'node:stream';

import type { FastifyInstance } from 'fastify';

/**
 * Options of Node's HTTP server for `REQUEST_TIMEOUT_MS` (the whole request,
 * headers and body, must arrive within it; Fastify's `requestTimeout` sets
 * it): headers within the same time, and the timeouts checked every second
 * (a quarter of the timeout when shorter) instead of Node's 30 s, so a
 * request is cut off close to its deadline. The 408 is written by
 * {@link clientErrorHandler}.
 */
export function httpServerOptions(requestTimeoutMs: number): ServerOptions {
  return {
    headersTimeout: requestTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeoutMs / 4))),
  };
}

/**
 * `REQUEST_BODY_TIMEOUT_MS`: a request body must arrive within this time of
 * its headers, however steadily it trickles in (an idle timeout would let one
 * byte a second through). Past it the body is a 408
 * `{"detail": "Request body not received within <n> ms."}`, answered with
 * `Connection: close`. Each request with a body reads it through a
 * `PassThrough` that is failed at the deadline (failing the request's own
 * stream would destroy the socket before the answer could be written).
 */
export function bodyTimeout(fastify: FastifyInstance, timeoutMs: number): void {
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    if (!hasBody(request.headers)) return done(null, payload);
    const body = new PassThrough();
    body.on('error', () => undefined); // reported to the parser through its own listener
    const timer = setTimeout(() => {
      payload.unpipe(body);
      body.destroy(Object.assign(new Error(`Request body not received within ${timeoutMs} ms.`), { statusCode: 408 }));
    }, timeoutMs);
    const stop = (): void => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    payload.once('error', (error) => {
      stop();
      body.destroy(error);
    });
    payload.pipe(body);
    done(null, body);
  });
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}
