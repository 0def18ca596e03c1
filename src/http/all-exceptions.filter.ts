import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { DomainError } from '../errors/domain-errors.js';
import { CommitOutcomeUnknownException } from './commit-outcome-unknown.js';
import { domainErrorToHttp } from './domain-error-to-http.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.js';
import { BODY_TOO_LARGE_DETAIL } from './json-body-parser.js';
import { recordServerError } from '../tracing/server-span.js';

/**
 * Writes every error as `{"detail": ...}` (docs/api.md#conventions): a list for 422
 * (already built by {@link UnprocessableEntityError} and the validation pipe),
 * a human-readable string for other statuses, and never a stack trace. A
 * database that cannot be reached is a 503 with `Retry-After`, not a 500; a
 * connection lost during `COMMIT` is the 504 of {@link CommitOutcomeUnknownException}.
 * A service's {@link DomainError} is answered as `domainErrorToHttp` says.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('AllExceptionsFilter');

  catch(thrown: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const exception = thrown instanceof DomainError ? domainErrorToHttp(thrown, host.switchToHttp().getRequest<FastifyRequest>()) : thrown;
    const { status, body, headers } = this.describe(exception);
    if (exception instanceof CommitOutcomeUnknownException) this.logger.warn(`Commit outcome unknown: ${String(exception.cause)}`);
    else if (status === 503) {
      // A 503 HttpException (readiness) is logged where it is raised, naming its cause; the others are the database's.
      if (!(exception instanceof HttpException))
        this.logger.warn(`Database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    } else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    // The error's class on the request's server span (`error.type`), with tracing on (docs/operations.md#tracing).
    if (status >= 500) recordServerError(exception);
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    void reply.status(status).send(body);
  }

  private describe(exception: unknown): { status: number; body: { detail: unknown }; headers: Record<string, string> } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Fastify's own errors (body too large, unparseable JSON, bad media type), mapped by Nest's adapter.
      if (exception.cause instanceof Error && 'code' in exception.cause && String(exception.cause.code).startsWith('FST_'))
        return { status, body: { detail: fastifyErrorDetail(exception.cause) }, headers: {} };
      const response = exception.getResponse();
      const headers = (exception as HttpException & { headers?: Record<string, string> }).headers ?? {};
      if (typeof response === 'object' && response !== null && 'detail' in response) {
        return { status, body: { detail: (response as { detail: unknown }).detail }, headers };
      }
      const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
      return { status, body: { detail: typeof message === 'string' ? message : exception.message }, headers };
    }
    // Errors raised by Fastify itself (body too large, unparseable JSON, bad media type).
    const fastifyStatus = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return { status: fastifyStatus, body: { detail: fastifyErrorDetail(exception as Error) }, headers: {} };
    }
    if (isDatabaseUnavailable(exception)) {
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: { detail: 'The database is unavailable; retry shortly.' },
        headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: 'Internal server error' }, headers: {} };
  }
}

/** The `detail` of an error Fastify raised: its message, or the body limit in words for a body too large. */
function fastifyErrorDetail(error: Error & { code?: unknown }): string {
  return error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? BODY_TOO_LARGE_DETAIL : error.message;
}
