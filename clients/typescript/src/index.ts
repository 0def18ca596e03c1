// The TypeScript client of the accounts service: one module per concept, all exported from here.
import type { components, paths, webhooks } from './schema.js';

export type { components, paths, webhooks };
export { type AccountsClient, type AccountsClientOptions, createAccountsClient, type Credentials } from './client.js';
export {
  AccountsApiError,
  ConflictError,
  ConnectionError,
  type ErrorContext,
  errorFor,
  NOT_FOUND_TYPE,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  ValidationError,
  type ValidationErrorItem,
} from './errors.js';
export { type Page, type Paged, type PagedItem, type PagedParams, type PagedPath, paged } from './paginate.js';
export { idempotencyKeyOf, retryAfterMs, retryingFetch, type RetryingFetchOptions, type RetryOptions } from './retrying-fetch.js';
export { type CallResult, type StatusResult, unwrap, withStatus } from './unwrap.js';

/** The objects of docs/api.md#objects, as the API returns them. Account ids are strings: 64-bit ids stay exact. */
export type Account = components['schemas']['Account'];
export type Team = components['schemas']['Team'];
export type Award = components['schemas']['Award'];
export type Session = components['schemas']['Session'];
export type Callback = components['schemas']['Callback'];

export * from './deliveries.js';
export * from './webhooks.js';
