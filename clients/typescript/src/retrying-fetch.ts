import { ConnectionError } from './errors.js';

/** The methods that change something: each request with one of them carries an `Idempotency-Key`. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Answers that say "try again": timeout (408), rate limited (429), unavailable (503), commit interrupted (504). */
const RETRIED_STATUSES = new Set([408, 429, 503, 504]);

/**
 * Answers after which a request without an `Idempotency-Key` is retried too: the service refused it before
 * handling it, so nothing was written (408, 429, 503). A 504 or a lost connection may follow a write: only a
 * keyed (or read-only) request is sent again.
 */
const NOTHING_WRITTEN = new Set([408, 429, 503]);

/** How failed attempts are retried. */
export interface RetryOptions {
  /** Attempts in all, the first included (1: never retry). Default 3 (`maxRetries` 2). */
  attempts?: number;
  /** Longest wait before a retry, in milliseconds: a longer `Retry-After` is not waited for (that answer is returned). Default 30,000. */
  maxDelayMs?: number;
}

/** Options of {@link retryingFetch}. */
export interface RetryingFetchOptions {
  /** Send a new random `Idempotency-Key` (a UUID) with every POST, PUT, PATCH and DELETE that has none. Default true. */
  idempotencyKeys?: boolean;
  /** Retrying of failed attempts; `false` returns the first answer as is. */
  retry?: RetryOptions | false;
  /** Retries after the first attempt (overrides `retry.attempts`: attempts in all = `maxRetries` + 1). Default 2. */
  maxRetries?: number;
  /** Milliseconds one attempt may take, answer body included, before it is aborted and counted as a network error. Default 60,000; 0: none. */
  timeout?: number;
}

/** Wait before the n-th retry (1-based) when the answer has no readable `Retry-After`: 0.5 s, 1 s, 2 s, ... */
const backoffMs = (retry: number): number => 500 * 2 ** (retry - 1);

/** The `Idempotency-Key` each answer's request carried, for the errors built from it (see {@link idempotencyKeyOf}). */
const keysByResponse = new WeakMap<Response, string>();

/** The `Idempotency-Key` the request of `response` carried, when it went through {@link retryingFetch}. */
export function idempotencyKeyOf(response: Response): string | undefined {
  return keysByResponse.get(response);
}

/**
 * A `fetch` for openapi-fetch that gives every unsafe request an
 * `Idempotency-Key` (unless it has one) and resends it, with the same key, body
 * and headers, after a network error, a `timeout`, or a 408, 429, 503 or 504
 * (docs/api.md#idempotency: a retry of a write that did happen gets its first
 * answer again, `Idempotent-Replayed: true`, never a second write). A request
 * without a key and with an unsafe method is resent only after 408, 429 and
 * 503, which wrote nothing. It waits as `Retry-After` says (delay-seconds or
 * an HTTP-date; else 0.5 s, 1 s, 2 s, ...), but returns the answer at once
 * when that is longer than `retry.maxDelayMs`; at most `maxRetries` + 1
 * attempts in all. The last answer is returned whatever it is.
 * @throws ConnectionError when the last attempt got no answer (network error or timeout); the caller's own
 *   abort (the request's `signal`) is rethrown as is, never retried.
 */
export function retryingFetch(
  fetchImpl: (request: Request, init?: RequestInit) => Promise<Response>,
  options: RetryingFetchOptions = {},
): (request: Request, init?: RequestInit) => Promise<Response> {
  const attempts =
    options.retry === false ? 1 : Math.max(1, options.maxRetries !== undefined ? options.maxRetries + 1 : (options.retry?.attempts ?? 3));
  const maxDelayMs = options.retry === false ? 0 : (options.retry?.maxDelayMs ?? 30_000);
  const timeoutMs = options.timeout ?? 60_000;
  return async (request, init) => {
    const method = request.method.toUpperCase();
    if (options.idempotencyKeys !== false && UNSAFE_METHODS.has(method) && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', crypto.randomUUID());
    }
    const key = request.headers.get('idempotency-key') ?? undefined;
    const resendable = key !== undefined || !UNSAFE_METHODS.has(method);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // A clone keeps the body readable for the next attempt.
      const sent = last ? request : request.clone();
      // The attempt's own signal: aborted by the caller's signal or when `timeout` passes. A plain
      // controller and timer, not AbortSignal.any(AbortSignal.timeout()): Node may collect such a combined signal
      // while fetch awaits, and then it never aborts.
      const attemptSignal = timeoutMs > 0 ? new AbortController() : undefined;
      let timedOut = false;
      const timer =
        attemptSignal &&
        setTimeout(() => {
          timedOut = true;
          attemptSignal.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs);
      // Left running once the answer came, so that it bounds reading the body too; unref'd in Node, so that it keeps
      // no process alive.
      (timer as { unref?: () => void } | undefined)?.unref?.();
      const forwardAbort = () => attemptSignal?.abort(sent.signal.reason);
      if (sent.signal.aborted) forwardAbort();
      else sent.signal.addEventListener('abort', forwardAbort, { once: true });
      let response: Response;
      try {
        const answer = fetchImpl(attemptSignal ? new Request(sent, { signal: attemptSignal.signal }) : sent, init);
        response = attemptSignal ? await settledOrAborted(answer, attemptSignal.signal) : await answer;
      } catch (error) {
        clearTimeout(timer);
        sent.signal.removeEventListener('abort', forwardAbort);
        if (request.signal.aborted) throw error;
        if (last || !resendable) {
          const what = timedOut ? `no answer within ${timeoutMs} ms` : `no answer (${(error as Error)?.message ?? String(error)})`;
          throw new ConnectionError(`${method} ${request.url}: ${what} after ${attempt} attempt(s).`, timedOut, attempt, key, {
            cause: error,
          });
        }
        await sleep(backoffMs(attempt), request.signal);
        continue;
      }
      if (key !== undefined) keysByResponse.set(response, key);
      if (last || !RETRIED_STATUSES.has(response.status) || (!resendable && !NOTHING_WRITTEN.has(response.status))) return response;
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

/**
 * `answer`, or a rejection with the signal's reason as soon as `signal` aborts, whichever comes first: Node's fetch
 * (undici) now and then leaves the promise of an aborted request pending until its socket closes, and an attempt
 * must end when its `timeout` passes.
 */
function settledOrAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
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
