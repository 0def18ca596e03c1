import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import type { FastifyInstance } from 'fastify';

/** Header carrying the request id: taken from the client or proxy when well-formed, always echoed back. */
export const REQUEST_ID_HEADER = 'x-request-id';

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the request's `X-Request-Id` when well-formed (1..128
 * of `A-Z a-z 0-9 . _ : -`), else a new UUID. Logged as `reqId` on every line
 * of the request (see request-logging.ts).
 */
export function requestId(request: { headers: IncomingHttpHeaders }): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends each request's id back in `X-Request-Id`, so clients can quote it. */
export function echoRequestId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
