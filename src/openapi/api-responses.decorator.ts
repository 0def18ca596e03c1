import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';

import { ErrorSchema, ValidationErrorSchema } from './schemas/error.schema.js';

/** What each error status means in this API (docs/api.md#conventions, docs/api.md#authentication, docs/api.md#identity-provider). */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels.',
  401: 'Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`).',
  403: 'Authenticated, but not allowed.',
  404: 'Not found.',
  409: 'Already exists.',
  413: 'The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters.',
  415: 'A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type.',
  422: 'Invalid input, or a resource that does not exist.',
  429: 'Rate limit reached; `Retry-After` says when to retry (seconds).',
  502: 'The identity provider failed.',
  503: 'The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds).',
  504: 'The identity provider did not answer in time.',
};

/** What a 504 means on a write: the connection to the database was lost while it committed. */
export const COMMIT_OUTCOME_UNKNOWN =
  'The database connection was lost while the change was being committed: it may or may not have been saved ' +
  '(read it back, or resend with the same `Idempotency-Key`).';

/**
 * Documents a route's success answer (OpenAPI): `status` with a body of
 * `type` (a class, or `[class]` for a list), or no body when `type` is omitted.
 */
export function ApiSuccess(status: number, type?: Type<unknown> | [Type<unknown>], description?: string): MethodDecorator {
  return ApiResponse({ status, description: description ?? (type ? 'Success.' : 'Success, no content.'), ...(type ? { type } : {}) });
}

/** Documents a route's success answer whose body is one of `types` (e.g. an App or a Session). */
export function ApiSuccessOneOf(status: number, types: Type<unknown>[], description: string): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(...types),
    ApiResponse({ status, description, schema: { oneOf: types.map((type) => ({ $ref: getSchemaPath(type) })) } }),
  );
}

/**
 * Documents error answers of a route with the bodies of docs/api.md#conventions: a
 * `detail` list for 422, a `detail` string for every other status.
 * `descriptions` overrides the generic description of a status.
 */
export function ApiErrors(statuses: number[], descriptions: Record<number, string> = {}): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: descriptions[status] ?? ERROR_DESCRIPTIONS[status] ?? 'Error.',
        type: status === 422 ? ValidationErrorSchema : ErrorSchema,
      }),
    ),
  );
}
