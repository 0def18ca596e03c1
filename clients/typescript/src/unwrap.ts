import { errorFor } from './errors.js';
import { idempotencyKeyOf } from './retrying-fetch.js';

/** What an openapi-fetch call resolves to: the parsed body of a success (`data`) or of an error (`error`), and the response. */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A success with its status, for the answers whose status says something (`201` given, `208` already had it). */
export interface StatusResult<T> {
  /** The HTTP status: 200, 201, 204, 208. */
  status: number;
  /** The parsed body (`undefined` for 204 and 208, which have none). */
  data: T;
  /** True when the service replayed the stored answer to an earlier request with the same `Idempotency-Key`. */
  replayed: boolean;
}

/**
 * The data of a successful answer.
 * @throws NotFoundError (404, or a 422 naming a resource that does not exist), ConflictError (409),
 *   ValidationError (422), RateLimitedError (429), ServiceUnavailableError (503), AccountsApiError for any
 *   other answer of 400 or above: each with `status`, `detail`, `requestId`, `headers` and `idempotencyKey`.
 */
export async function unwrap<T>(call: Promise<CallResult<T>>): Promise<T> {
  return (await withStatus(call)).data;
}

/**
 * A successful answer's status and data, e.g. `(await withStatus(client.PUT('/account/{account}/award/{award}', ...))).status`
 * is 201 when the award was given, 208 when the account already had it.
 * @throws AccountsApiError or one of its subclasses for an answer of 400 or above, as {@link unwrap}.
 */
export async function withStatus<T>(call: Promise<CallResult<T>>): Promise<StatusResult<T>> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFor(response, error, idempotencyKeyOf(response));
  return { status: response.status, data: data as T, replayed: response.headers.get('idempotent-replayed') === 'true' };
}
