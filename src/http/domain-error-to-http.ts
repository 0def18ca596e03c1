import {
  BadGatewayException,
  ConflictException,
  ForbiddenException,
  GatewayTimeoutException,
  HttpException,
  HttpStatus,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { CommitOutcomeUnknownException } from './commit-outcome-unknown.js';
import { BasicUnauthorizedException } from './unauthorized.exception.js';
import {
  AuthenticationRequiredError,
  CommitOutcomeUnknownError,
  ConflictError,
  type DomainError,
  type FieldPath,
  ForbiddenError,
  InvalidCredentialsError,
  InvalidInputError,
  NotFoundError,
  TooManyRequestsError,
  UpstreamFailedError,
  UpstreamTimeoutError,
} from '../errors/domain-errors.js';
import { UnprocessableEntityError } from './validation-error.js';

/**
 * A service's {@link DomainError} as its HTTP answer (docs/api.md#conventions):
 * invalid input 422 with each field's `loc`, not found 404, conflict 409,
 * forbidden 403, no credentials 401 with the Basic challenge, refused credentials 401,
 * too many requests 429, a failed upstream 502, an upstream's timeout or a commit of unknown outcome 504.
 *
 * @param request the request that failed: a field's location is the first of
 *   its route parameters, its query and its body that carries the field's name
 *   (`['path', 'account']`, `['query', 'team']`, `['body', 'accounts', 2]`).
 */
export function domainErrorToHttp(error: DomainError, request: Pick<FastifyRequest, 'params' | 'query'>): HttpException {
  if (error instanceof InvalidInputError)
    return new UnprocessableEntityError(
      error.problems.map((problem) => ({ loc: locate(problem.field, request), msg: problem.message, type: problem.type })),
    );
  if (error instanceof NotFoundError) return new NotFoundException(error.message);
  if (error instanceof ConflictError) return new ConflictException(error.message);
  if (error instanceof ForbiddenError) return new ForbiddenException(error.message);
  if (error instanceof AuthenticationRequiredError) return new BasicUnauthorizedException(error.message);
  if (error instanceof InvalidCredentialsError) return new UnauthorizedException(error.message);
  if (error instanceof TooManyRequestsError) return new HttpException(error.message, HttpStatus.TOO_MANY_REQUESTS);
  if (error instanceof UpstreamFailedError) return new BadGatewayException(error.message);
  if (error instanceof UpstreamTimeoutError) return new GatewayTimeoutException(error.message);
  if (error instanceof CommitOutcomeUnknownError) return new CommitOutcomeUnknownException(error.cause);
  throw error;
}

function locate(field: FieldPath, request: Pick<FastifyRequest, 'params' | 'query'>): (string | number)[] {
  const [name] = field;
  if (carries(request.params, name)) return ['path', ...field];
  if (carries(request.query, name)) return ['query', ...field];
  return ['body', ...field];
}

function carries(values: unknown, name: string): boolean {
  return typeof values === 'object' && values !== null && Object.hasOwn(values, name);
}
