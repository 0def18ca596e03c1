import type { components } from './schema.js';

/** What an error knows of the exchange besides its status and detail: the answer's headers and the `Idempotency-Key` sent. */
export interface ErrorContext {
  /** The answer's headers (`Retry-After`, `X-Request-Id`, `X-RateLimit-*`, ...). */
  headers?: Headers;
  /** The `Idempotency-Key` the request carried (the client's own or yours), if any. */
  idempotencyKey?: string;
}

/**
 * An answer of 400 or above: `detail` is the API's human-readable string (docs/api.md#errors). `requestId` is
 * the answer's `X-Request-Id` (quote it when you report a problem), `headers` all its headers, and
 * `idempotencyKey` the key the request carried: resend the same call with it to retry a write safely.
 */
export class AccountsApiError extends Error {
  /** The answer's `X-Request-Id`; undefined when it had none. */
  readonly requestId: string | undefined;
  /** The answer's headers (empty when the error was made without an answer). */
  readonly headers: Headers;
  /** The `Idempotency-Key` the request carried; undefined for a `GET` or with `idempotencyKeys: false`. */
  readonly idempotencyKey: string | undefined;

  constructor(
    readonly status: number,
    readonly detail: string,
    context: ErrorContext = {},
  ) {
    super(`HTTP ${status}: ${detail}`);
    this.name = 'AccountsApiError';
    this.headers = context.headers ?? new Headers();
    this.requestId = this.headers.get('x-request-id') ?? undefined;
    this.idempotencyKey = context.idempotencyKey;
  }
}

/** One entry of a 422 `detail` list: where (`loc`, e.g. `['body', 'name']`), what (`msg`) and its kind (`type`). */
export type ValidationErrorItem = components['schemas']['ValidationErrorItem'];

/** The `type` of a 422 item naming a resource that does not exist (an account, team or award; docs/api.md#errors). */
export const NOT_FOUND_TYPE = 'value_error.not_found';

const describeItems = (items: ValidationErrorItem[]) => items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; ');

/**
 * A 422: invalid input; `items` says which field and why. A 422 that only names resources that do not exist
 * (every item of type `value_error.not_found`) is thrown as a {@link NotFoundError}, which is `instanceof
 * ValidationError` too, with the same `items`.
 */
export class ValidationError extends AccountsApiError {
  constructor(
    readonly items: ValidationErrorItem[],
    context: ErrorContext = {},
  ) {
    super(422, describeItems(items), context);
    this.name = 'ValidationError';
  }

  /** Its own instances, and the 422 {@link NotFoundError}s (a subclass's `instanceof` is left as is). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      Function.prototype[Symbol.hasInstance].call(this, value) ||
      (this === ValidationError && value instanceof NotFoundError && value.status === 422)
    );
  }
}

/**
 * Something that does not exist, or is not yours: a 404 (no callback for the event, an unknown delivery id, an
 * award the account did not hold) or a 422 whose every item is of type `value_error.not_found` (an account,
 * team or award named in the path or body; `items` says which, as {@link ValidationError}'s do; empty for a 404).
 */
export class NotFoundError extends AccountsApiError {
  constructor(
    status: 404 | 422,
    detail: string,
    readonly items: ValidationErrorItem[] = [],
    context: ErrorContext = {},
  ) {
    super(status, detail, context);
    this.name = 'NotFoundError';
  }
}

/**
 * A 409: the account id is already registered (`POST /accounts/new`), a delivery is `pending` or `cancelled`
 * (redeliver), or a request with the same `Idempotency-Key` is still being handled (retry a moment later).
 */
export class ConflictError extends AccountsApiError {
  constructor(detail: string, context: ErrorContext = {}) {
    super(409, detail, context);
    this.name = 'ConflictError';
  }
}

/** Seconds to wait from the `Retry-After` header (delay-seconds, or an HTTP-date rounded up); undefined without one. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** A 429: over the service's rate limit. `retryAfter`: seconds to wait before the next request (`Retry-After`). */
export class RateLimitedError extends AccountsApiError {
  /** Seconds to wait, from `Retry-After`; undefined when the answer had none. */
  readonly retryAfter: number | undefined;

  constructor(detail: string, context: ErrorContext = {}) {
    super(429, detail, context);
    this.name = 'RateLimitedError';
    this.retryAfter = retryAfterSeconds(context.headers);
  }
}

/**
 * A 503: the database is unavailable or the process is shutting down; nothing was written, send the request
 * again (after `retryAfter` seconds, from `Retry-After`, when the answer had one). The client already retried.
 */
export class ServiceUnavailableError extends AccountsApiError {
  /** Seconds to wait, from `Retry-After`; undefined when the answer had none. */
  readonly retryAfter: number | undefined;

  constructor(detail: string, context: ErrorContext = {}) {
    super(503, detail, context);
    this.name = 'ServiceUnavailableError';
    this.retryAfter = retryAfterSeconds(context.headers);
  }
}

/**
 * No answer: the connection failed, or every attempt outlasted the `timeout` option (`timedOut`). A
 * `TypeError`, as fetch's own network error (`cause` is the last one). A write may or may not have happened:
 * resend the same call with `idempotencyKey` (`params: { header: { 'Idempotency-Key': error.idempotencyKey } }`)
 * to find out without writing twice.
 */
export class ConnectionError extends TypeError {
  constructor(
    message: string,
    /** True when the last attempt was aborted by the `timeout` option. */
    readonly timedOut: boolean,
    /** Attempts made, the first included. */
    readonly attempts: number,
    /** The `Idempotency-Key` every attempt carried, if any. */
    readonly idempotencyKey: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConnectionError';
  }
}

/**
 * The error for an answer of 400 or above: its class by status (404 and the not-found 422: {@link
 * NotFoundError}; 409, 422, 429, 503: their own classes; any other: {@link AccountsApiError}).
 * `body` is the parsed error body (`{"detail": ...}`), if any.
 */
export function errorFor(response: Response, body: unknown, idempotencyKey?: string): AccountsApiError {
  const context: ErrorContext = { headers: response.headers, idempotencyKey };
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  const text = typeof detail === 'string' ? detail : response.statusText;
  switch (response.status) {
    case 404:
      return new NotFoundError(404, text, [], context);
    case 409:
      return new ConflictError(text, context);
    case 422: {
      if (!Array.isArray(detail)) return new AccountsApiError(422, text, context);
      const items = detail as ValidationErrorItem[];
      if (items.length > 0 && items.every((item) => item.type === NOT_FOUND_TYPE))
        return new NotFoundError(422, describeItems(items), items, context);
      return new ValidationError(items, context);
    }
    case 429:
      return new RateLimitedError(text, context);
    case 503:
      return new ServiceUnavailableError(text, context);
    default:
      return new AccountsApiError(response.status, text, context);
  }
}
