import { ConflictException, ForbiddenException, type HttpException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { BasicUnauthorizedException } from './unauthorized.exception.js';
import {
  AuthenticationRequiredError,
  ConflictError,
  type DomainError,
  type FieldPath,
  ForbiddenError,
  InvalidCredentialsError,
  InvalidInputError,
  NotFoundError,
} from '../errors/domain-errors.js';
import { UnprocessableEntityError } from './validation-error.js';

/**
 * A service's {@link DomainError} as its HTTP answer (docs/api.md#conventions):
 * invalid input 422 with each field's `loc`, not found 404, conflict 409,
 * forbidden 403, no credentials 401 with the Basic challenge, refused credentials 401.
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
