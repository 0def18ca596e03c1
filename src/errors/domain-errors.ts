/**
 * The errors services throw, in the domain's terms (docs/architecture.md#inside-a-feature):
 * what is wrong, not which HTTP status says so. The HTTP layer
 * (`http/domain-error-to-http.ts`) answers each with its status and
 * `{"detail"}` (docs/api.md#conventions); the CLI prints the message.
 */
export abstract class DomainError extends Error {}

/**
 * A field of the request as the domain names it: its name, then (inside a list)
 * the index, e.g. `['team']`, `['accounts', 2]`. The HTTP layer adds where the
 * request carried it (path, query or body).
 */
export type FieldPath = readonly [string, ...(string | number)[]];

/** One field's problem: the field, a sentence for people, and a machine-readable type (`value_error.*`). */
export interface FieldProblem {
  readonly field: FieldPath;
  readonly message: string;
  readonly type: string;
}

/**
 * The input breaks a rule or names something that does not exist
 * (docs/api.md#conventions: HTTP 422 with one `{loc, msg, type}` per problem).
 */
export class InvalidInputError extends DomainError {
  constructor(readonly problems: readonly FieldProblem[]) {
    super(problems.map((problem) => `${problem.field.join('.')}: ${problem.message}`).join('; '));
  }

  /** One field's problem, e.g. `invalid(['url'], 'the URL must not ...', 'value_error.url.private')`. */
  static invalid(field: FieldPath, message: string, type: string): InvalidInputError {
    return new InvalidInputError([{ field, message, type }]);
  }

  /** The `resource` the field names does not exist, e.g. `unknown(['team'], 'Team')`: "Team not found.". */
  static unknown(field: FieldPath, resource: string): InvalidInputError {
    return InvalidInputError.invalid(field, `${resource} not found.`, 'value_error.not_found');
  }
}

/** What the request is about is not there for this caller (HTTP 404). */
export class NotFoundError extends DomainError {}

/** The request conflicts with the current state (HTTP 409), e.g. an id already registered. */
export class ConflictError extends DomainError {}

/** The caller is known but may not do this (HTTP 403). */
export class ForbiddenError extends DomainError {}

/** The request needs credentials it did not carry (HTTP 401 with the Basic challenge). */
export class AuthenticationRequiredError extends DomainError {}

/** The credentials the request carried are not accepted (HTTP 401), e.g. an identity-provider token. */
export class InvalidCredentialsError extends DomainError {}

/** Too many attempts from this client (HTTP 429); the caller has set `Retry-After` on the answer. */
export class TooManyRequestsError extends DomainError {}

/** A service this one depends on (the identity provider) failed or answered what it may not (HTTP 502). */
export class UpstreamFailedError extends DomainError {}

/** A service this one depends on (the identity provider) did not answer in time (HTTP 504). */
export class UpstreamTimeoutError extends DomainError {}

/**
 * The database connection was lost while `COMMIT` was on its way: the change may or may not have been saved
 * (HTTP 504 without `Retry-After`, docs/api.md#idempotency). `cause` is the driver's error.
 */
export class CommitOutcomeUnknownError extends DomainError {
  constructor(cause: unknown) {
    super('The database connection was lost while the change was being committed: it may or may not have been saved.', { cause });
  }
}

/**
 * The one "must exist" check of every write (docs/api.md#conventions: an unknown id is a
 * 422 whose `loc` says where the id came from).
 *
 * @param field the field that named the id, e.g. `['account']` or `['team']`.
 * @param resource the resource's name in the message ("Account", "Team", ...).
 * @returns `row` when it is there.
 * @throws InvalidInputError when `row` is `null` or `undefined`.
 */
export function requireFound<T>(row: T | null | undefined, field: FieldPath, resource: string): T {
  if (row === null || row === undefined) throw InvalidInputError.unknown(field, resource);
  return row;
}
