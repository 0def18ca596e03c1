import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

import { PinoLoggerService } from './pino-logger.service.js';

/** Health probes and metric scrapes: every few seconds from the orchestrator and Prometheus, logged at debug when they succeed. */
const PROBES_AND_SCRAPES = /^\/(health\/[^?]*|metrics)(\?.*)?$/;

/**
 * Request logging through one Fastify `onRequest` hook, instead of pino-http
 * mounted as Express-style middleware through @fastify/middie (which cost
 * about a third of the CPU of a request):
 * - each request runs in a logging context whose logger carries its
 *   `reqId` (Fastify's request id, see request-id.ts), so every line Nest's
 *   `Logger` writes while handling it has the id;
 * - each request is logged once, when its response closes: `{reqId, req: {id,
 *   method, url, remoteAddress}, res: {statusCode}, responseTime, msg}` with
 *   `msg` 'request completed', or 'request aborted' when the connection
 *   closed before the whole answer was sent (`statusCode` null if no status
 *   was sent); `remoteAddress` is the peer's (not `X-Forwarded-For`),
 *   `responseTime` in milliseconds (fractional) since the request arrived.
 *   Level by status: error for 5xx, info otherwise (a 4xx is the client's
 *   mistake, not the operator's: warnings stay for what needs a look), but
 *   debug for the health probes (`/health/*`) and scrapes (`/metrics`) that succeed.
 */
@Injectable()
export class RequestLogging {
  /**
   * The root logger without redaction, for the request lines only: none of
   * their fields is a redacted path, and pino's wildcard redaction
   * (`*.token`...) would still make each line cost about four times as much.
   * Never give it anything but the fields of {@link log}.
   */
  private readonly requestLines: Logger;
  private inFlight = 0;

  constructor(private readonly logger: PinoLoggerService) {
    this.requestLines = logger.root.child({}, { redact: [] });
  }

  /**
   * Logs the requests of `fastify`. Call before its routes are registered
   * (before `app.init()`), and before any other hook that may answer a request,
   * so that such answers are logged too.
   */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      // Read now: once the connection is gone, the socket no longer knows its peer.
      const { remoteAddress } = request.socket;
      this.inFlight++;
      reply.raw.on('close', () => {
        this.inFlight--;
        this.log(request, reply, remoteAddress);
      });
      this.logger.runInContext({ reqId: request.id }, done);
    });
  }

  /** Requests received whose response has not closed yet (what a shutdown waits for). */
  requestsInFlight(): number {
    return this.inFlight;
  }

  /** Writes the line of a request whose response closed (sent or not). */
  private log(request: FastifyRequest, reply: FastifyReply, remoteAddress: string | undefined): void {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status < 400 && PROBES_AND_SCRAPES.test(request.url) ? 'debug' : 'info';
    // The id is bound here, not through the request's context: the response may close outside it.
    this.requestLines[level](
      {
        reqId: request.id,
        req: { id: request.id, method: request.method, url: request.url, remoteAddress },
        res: { statusCode: reply.raw.headersSent ? status : null },
        responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
      },
      reply.raw.writableFinished ? 'request completed' : 'request aborted',
    );
  }
}
