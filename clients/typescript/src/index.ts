import createClient, { type Client } from 'openapi-fetch';

import type { components, paths } from './schema.js';

export type { components, paths };

/** The objects of docs/api.md#objects, as the API returns them. Account ids are strings: 64-bit ids stay exact. */
export type Account = components['schemas']['Account'];
export type Team = components['schemas']['Team'];
export type Award = components['schemas']['Award'];
export type Session = components['schemas']['Session'];
export type Callback = components['schemas']['Callback'];
/** One entry of a 422 `detail` list: `{loc, msg, type}` (docs/api.md#conventions). */
export type ValidationErrorItem = components['schemas']['ValidationErrorItem'];

/** HTTP Basic credentials (docs/api.md#authentication): `A<app id>` with an app token, or `S<session id>` with a session token. */
export interface Credentials {
  username: string;
  password: string;
}

/** An answer of 400 or above: `detail` is the API's human-readable string. */
export class AccountsApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`HTTP ${status}: ${detail}`);
    this.name = 'AccountsApiError';
  }
}

/** A 422: invalid input, or a resource that does not exist; `items` says which field and why. */
export class ValidationError extends AccountsApiError {
  constructor(readonly items: ValidationErrorItem[]) {
    super(422, items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '));
    this.name = 'ValidationError';
  }
}

/** The typed client of the API: `client.GET('/team/{team}', { params: { path: { team: 1 } } })`, and so on. */
export type AccountsClient = Client<paths>;

/** Options of {@link createAccountsClient}. */
export interface AccountsClientOptions {
  /** e.g. `https://accounts.example.com` */
  baseUrl: string;
  /** Sent with every request; omit for the public endpoints. */
  credentials?: Credentials;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: typeof fetch;
}

/**
 * A typed client (openapi-fetch over the service's OpenAPI document) that
 * sends `credentials` with HTTP Basic. Its calls resolve to `{data, error,
 * response}`; pass them to {@link unwrap} to get the data or a typed error.
 */
export function createAccountsClient(options: AccountsClientOptions): AccountsClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const { credentials } = options;
  if (credentials) {
    const authorization = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${credentials.username}:${credentials.password}`)))}`;
    client.use({
      onRequest({ request }) {
        request.headers.set('authorization', authorization);
        return request;
      },
    });
  }
  return client;
}

/**
 * The data of a successful answer.
 * @throws ValidationError for a 422; AccountsApiError for any other answer of 400 or above.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  if (response.status === 422 && Array.isArray(detail)) throw new ValidationError(detail as ValidationErrorItem[]);
  throw new AccountsApiError(response.status, typeof detail === 'string' ? detail : response.statusText);
}

/** A page of a search (docs/api.md#pagination). */
export interface Page<T> {
  page: number;
  per_page: number;
  pages: number;
  results: number;
  data: T[];
}

/**
 * Every item of a paginated search, in order, reading page after page (zero-based, docs/api.md#pagination) until the last.
 * @param fetchPage reads one page, e.g. `(page) => unwrap(client.GET('/accounts/search', { params: { query: { q, page } } }))`.
 */
export async function* paginate<T>(fetchPage: (page: number) => Promise<Page<T>>): AsyncGenerator<T> {
  for (let page = 0; ; page++) {
    const current = await fetchPage(page);
    yield* current.data;
    if (page + 1 >= current.pages) return;
  }
}
