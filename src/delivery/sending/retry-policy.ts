/** Longest `Retry-After` honoured (docs/api.md#events: counted up to one hour). */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** Largest jitter, as a fraction of the scheduled delay (docs/api.md#events: ±20 %). */
const JITTER = 0.2;

/**
 * The outcome of one HTTP attempt. A failure's `type` is its short, stable
 * kind (`timeout`, `ECONNREFUSED`, `BlockedAddressError`, `invalid_url`): the
 * attempt span's `error.type` (docs/operations.md#tracing).
 */
export type AttemptResult =
  | { readonly kind: 'answer'; readonly status: number; readonly retryAfterMs?: number; readonly body?: string }
  | { readonly kind: 'network'; readonly error: string; readonly type?: string }
  | { readonly kind: 'refused'; readonly error: string; readonly type?: string };

/** What happens to a delivery after an attempt. */
export type NextStep = { readonly kind: 'succeeded' } | { readonly kind: 'retry'; readonly delayMs: number } | { readonly kind: 'failed' };

/**
 * The retry rule of docs/api.md#events. A 2xx succeeds. A network error, timeout,
 * 408, 429 or 5xx is retried after the next delay of `delaysMs` (±20 %
 * jitter), or after `Retry-After` when that is longer (at most one hour),
 * until `delaysMs.length + 1` attempts were made. Anything else (other
 * statuses, a refused address) fails at once.
 *
 * @param attemptsMade attempts made so far, this one included (1-based).
 * @param random a source of numbers in [0, 1), for the jitter.
 */
export function nextStep(
  result: AttemptResult,
  attemptsMade: number,
  delaysMs: readonly number[],
  random: () => number = Math.random,
): NextStep {
  if (result.kind === 'answer' && result.status >= 200 && result.status < 300) return { kind: 'succeeded' };
  if (!isRetryable(result) || attemptsMade > delaysMs.length) return { kind: 'failed' };
  const scheduled = delaysMs[attemptsMade - 1];
  const jittered = Math.round(scheduled * (1 + (random() * 2 - 1) * JITTER));
  const retryAfter = result.kind === 'answer' ? Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0;
  return { kind: 'retry', delayMs: Math.max(jittered, retryAfter) };
}

function isRetryable(result: AttemptResult): boolean {
  if (result.kind === 'network') return true;
  if (result.kind === 'refused') return false;
  return result.status === 408 || result.status === 429 || result.status >= 500;
}

/**
 * Reads a `Retry-After` header (RFC 9110): delay-seconds or an HTTP-date.
 *
 * @param nowMs the current time in milliseconds, for HTTP-dates.
 * @returns the delay in milliseconds (0 for a date in the past), or
 *   `undefined` when the header is absent or malformed.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_RETRY_AFTER_MS / 1000) * 1000;
  // HTTP-date forms all start with a day name (`Sun, 06 Nov 1994 08:49:37 GMT`).
  const date = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
