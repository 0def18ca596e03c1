import type { components } from '../../clients/typescript/src/schema.js';

/** The app's credentials, held in memory only (a JavaScript variable: never a cookie, storage or URL). */
export interface Credentials {
  username: string;
  token: string;
}

/**
 * The API's objects, from the client's types generated from openapi.json (`npm run openapi`), so the console reads
 * what the service answers: docs/api.md#objects, #delivery-object, #get-delivery and #delivery-log.
 */
type Schemas = components['schemas'];
export type Callback = Schemas['Callback'];
export type Delivery = Schemas['Delivery'];
export type Attempt = Schemas['DeliveryAttempt'];
export type DeliveryDetails = Schemas['DeliveryDetails'];
export type DeliveryPage = Schemas['DeliveryPage'];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/** The event types an app can register a callback for (docs/api.md#events). */
export const EVENT_TYPES = ['account_team_update'] as const;

/** An answer of the API that is not a success, or no answer at all (`status` 0), with a message for the developer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The text of an error body's `detail` (docs/api.md#errors): a string, or each 422 problem as "where: what". */
function detailOf(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map(
        (problem: { loc?: unknown[]; msg?: string }) =>
          `${(problem.loc ?? []).slice(1).join('.') || 'request'}: ${problem.msg ?? 'invalid'}`,
      )
      .join('; ');
  }
  return undefined;
}

/** A message for every error the API can answer (docs/api.md#errors), with its own detail where it gives one. */
export function errorMessage(status: number, body: unknown, retryAfter: string | null): string {
  const detail = detailOf(body);
  const seconds = retryAfter ? ` Try again in ${retryAfter} s.` : ' Try again shortly.';
  switch (status) {
    case 401:
      return 'The service refused these credentials: the username or token is wrong, or the token was reset. Sign in again.';
    case 403:
      return `Not allowed: ${detail ?? 'these credentials may not do this.'}`;
    case 404:
      return detail ?? 'Not found.';
    case 408:
      return 'The request took too long to arrive. Try again.';
    case 409:
      return `Conflict: ${detail ?? 'the request conflicts with the current state.'}`;
    case 413:
      return 'The request is too large.';
    case 422:
      return `Invalid input: ${detail ?? 'the service refused the values sent.'}`;
    case 429:
      return `Too many requests from this address.${seconds}`;
    case 502:
    case 504:
      return `The service could not finish the request (HTTP ${status}): ${detail ?? 'it may or may not have been applied'}. Reload the view before trying again.`;
    case 503:
      return `The service is unavailable (${detail ?? 'database down or shutting down'}); nothing was changed.${seconds}`;
    default:
      return `The service answered HTTP ${status}${detail ? `: ${detail}` : '.'}`;
  }
}

/** How long a write whose answer was lost waits before it is sent again with the same key (ms). */
const WRITE_RETRY_DELAY_MS = 1000;

/**
 * The JSON API of the same origin, called with HTTP Basic credentials built in memory for each request
 * (docs/console.md#security).
 */
export class Api {
  constructor(private readonly credentials: Credentials) {}

  get username(): string {
    return this.credentials.username;
  }

  /**
   * Sends one request. A write whose answer was lost (no answer, or a 504: it may or may not have been applied) is
   * sent once more with the same `Idempotency-Key`, so it is applied at most once (docs/api.md#idempotency).
   * @returns the parsed JSON answer (undefined for 204).
   * @throws ApiError for any answer but a 2xx, and for no answer (status 0).
   */
  async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Basic ${btoa(`${this.credentials.username}:${this.credentials.token}`)}`,
      accept: 'application/json',
    };
    if (method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    };
    let response = await fetch(path, init).catch(() => undefined);
    if (method !== 'GET' && (response === undefined || response.status === 504)) {
      await new Promise((resolve) => setTimeout(resolve, WRITE_RETRY_DELAY_MS));
      response = await fetch(path, init).catch(() => undefined);
    }
    if (response === undefined) throw new ApiError(0, 'The service did not answer: check the network, or that the API is running.');
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, parsed, response.headers.get('retry-after')));
    return parsed as T;
  }
}
