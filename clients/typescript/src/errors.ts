import type { components } from './schema.js';

/** An answer of 400 or above: `detail` is the API's human-readable string (docs/api.md#conventions). */
export class AccountsApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`HTTP ${status}: ${detail}`);
    this.name = 'AccountsApiError';
  }
}

/** One entry of a 422 `detail` list: where (`loc`, e.g. `['body', 'name']`), what (`msg`) and its kind (`type`). */
export type ValidationErrorItem = components['schemas']['ValidationErrorItem'];

/** A 422: invalid input, or a resource that does not exist; `items` says which field and why. */
export class ValidationError extends AccountsApiError {
  constructor(readonly items: ValidationErrorItem[]) {
    super(422, items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '));
    this.name = 'ValidationError';
  }
}
