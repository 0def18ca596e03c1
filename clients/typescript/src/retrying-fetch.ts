/** The methods that change something: each request with one of them carries an `Idempotency-Key`. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How 503 answers ("nothing was written, retry", with `Retry-After`) are retried. */
export interface RetryOptions {
  /** Attempts in all, the first included (1: never retry). Default 3. */
  attempts?: number;
  /** Longest wait before a retry, in milliseconds: a longer `Retry-After` is not waited for (the 503 is returned). Default 30,000. */
  maxDelayMs?: number;
}

/** Options of {@link retryingFetch}. */
export interface RetryingFetchOptions {
  /** Send a new random `Idempotency-Key` (a UUID) with every POST, PUT, PATCH and DELETE that has none. Default true. */
  idempotencyKeys?: boolean;
  /** Retrying of 503s; `false` returns the first answer as is. */
  retry?: RetryOptions | false;
}

/** Wait before the n-th retry (1-based) when a 503 has no readable `Retry-After`: 0.5 s, 1 s, 2 s, ... */
const backoffMs = (retry: number): number => 500 * 2 ** (retry - 1);

/**
 * A `fetch` for openapi-fetch that gives every unsafe request an
 * `Idempotency-Key` (unless it has one) and resends it, with the same key, body
 * and headers, after a 503: the service's "nothing was written, retry" answer
 * (docs/integrating.md, "Retrying writes safely"). It waits as `Retry-After` says
 * (delay-seconds or an HTTP-date; else 0.5 s, 1 s, 2 s, ...), at most
 * `retry.attempts` times in all; the last answer is returned whatever it is.
 * With the key, a retry of a write that did happen gets its first answer again
 * (`Idempotent-Replayed: true`), never a second write.
 */
export function retryingFetch(
  fetchImpl: (request: Request, init?: RequestInit) => Promise<Response>,
  options: RetryingFetchOptions = {},
): (request: Request, init?: RequestInit) => Promise<Response> {
  const attempts = options.retry === false ? 1 : Math.max(1, options.retry?.attempts ?? 3);
  const maxDelayMs = options.retry === false ? 0 : (options.retry?.maxDelayMs ?? 30_000);
  return async (request, init) => {
    if (options.idempotencyKeys !== false && UNSAFE_METHODS.has(request.method.toUpperCase()) && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', crypto.randomUUID());
    }
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // A clone keeps the body readable for the next attempt.
      const response = await fetchImpl(last ? request : request.clone(), init);
      if (last || response.status !== 503) return response;
      const delayMs = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs(attempt);
      if (delayMs > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delayMs, request.signal);
    }
  };
}

/**
 * A `Retry-After` value (RFC 9110 §10.2.3) in milliseconds from now: delay-seconds or an HTTP-date.
 * @returns undefined when there is none or it cannot be read.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms` milliseconds; rejects with the signal's reason if it is aborted first. */
function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
