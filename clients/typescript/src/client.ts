import createClient, { type Client } from 'openapi-fetch';

import { retryingFetch, type RetryOptions } from './retrying-fetch.js';
import type { paths } from './schema.js';

/** HTTP Basic credentials (docs/api.md#authentication): `A<app id>` with an app token, or `S<session id>` with a session token. */
export interface Credentials {
  username: string;
  password: string;
}

/** The typed client of the API: `client.GET('/team/{team}', { params: { path: { team: 1 } } })`, and so on. */
export type AccountsClient = Client<paths>;

/** Options of {@link createAccountsClient}. */
export interface AccountsClientOptions {
  /** The service's absolute http(s) URL, e.g. `https://accounts.example.com` (checked at once: a missing one throws). */
  baseUrl: string;
  /** Sent with every request; omit for the public endpoints. */
  credentials?: Credentials;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: (request: Request, init?: RequestInit) => Promise<Response>;
  /**
   * Send a new random `Idempotency-Key` with every POST, PUT, PATCH and DELETE (default true), so that a retry
   * never writes twice. To choose the key yourself: `params: { header: { 'Idempotency-Key': key } }`.
   */
  idempotencyKeys?: boolean;
  /**
   * Retrying with the same key after a network error, a `timeout`, or a 408, 429, 503 or 504, waiting as
   * `Retry-After` says (at most `maxDelayMs`, default 30 s: a longer wait returns that answer); `false`: never.
   */
  retry?: RetryOptions | false;
  /** Retries after the first attempt: default 2 (3 attempts in all); 0 never retries. */
  maxRetries?: number;
  /** Milliseconds one attempt may take (answer body included) before it is aborted and retried: default 60,000; 0: no limit. */
  timeout?: number;
}

/**
 * A typed client (openapi-fetch over the service's OpenAPI document) that
 * sends `credentials` with HTTP Basic, an `Idempotency-Key` with every unsafe
 * request, and retries network errors, timeouts, 408, 429, 503 and 504 with the
 * same key (see {@link retryingFetch}). Its calls resolve to `{data, error,
 * response}`: pass them to `unwrap` for the data or a typed error
 * (`NotFoundError`, `ConflictError`, ...), to `withStatus` when the status
 * carries meaning (201 or 208); a call that got no answer throws `ConnectionError`.
 * @throws TypeError when `baseUrl` is not an absolute http(s) URL (e.g. `process.env.ACCOUNTS_URL` unset).
 */
export function createAccountsClient(options: AccountsClientOptions): AccountsClient {
  requireBaseUrl(options.baseUrl);
  const baseFetch = options.fetch ?? ((request: Request, init?: RequestInit) => globalThis.fetch(request, init));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: retryingFetch(baseFetch, {
      idempotencyKeys: options.idempotencyKeys,
      retry: options.retry,
      maxRetries: options.maxRetries,
      timeout: options.timeout,
    }),
  });
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

/** @throws TypeError naming `baseUrl` unless it is an absolute http(s) URL. */
function requireBaseUrl(baseUrl: unknown): void {
  let protocol: string | undefined;
  try {
    protocol = typeof baseUrl === 'string' ? new URL(baseUrl).protocol : undefined;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new TypeError(
      `createAccountsClient: baseUrl must be the service's absolute http(s) URL, such as "http://localhost:3000"; got ${JSON.stringify(baseUrl) ?? 'undefined'}.`,
    );
}
