import type { ValueTransformer } from 'typeorm';

/**
 * How many replaced secrets a callback keeps for its rotation grace: the 5
 * most recent (docs/api.md#secret-rotation). A sixth change within
 * `CALLBACK_SECRET_GRACE` drops the oldest before its grace ends; every
 * delivery carries at most 6 signatures.
 */
export const MAX_PREVIOUS_SECRETS = 5;

/** A secret a `PUT` replaced, and when its rotation grace ends (seconds since the UNIX epoch). */
export interface PreviousSecret {
  readonly secret: string;
  readonly until: number;
}

/**
 * The previous secrets after `PUT` replaced `replaced` by `next` at `now`
 * (docs/api.md#secret-rotation), newest first: `replaced`, signing until
 * `now + graceSeconds`, then those still in their grace, without `next` (the
 * current secret again) or a second copy of `replaced`, at most
 * {@link MAX_PREVIOUS_SECRETS}. None when the grace is 0.
 */
export function afterRotation(
  previous: readonly PreviousSecret[],
  replaced: string,
  next: string,
  now: number,
  graceSeconds: number,
): PreviousSecret[] {
  if (graceSeconds <= 0) return [];
  const kept = previous.filter((entry) => entry.until > now && entry.secret !== replaced && entry.secret !== next);
  return [{ secret: replaced, until: now + graceSeconds }, ...kept].slice(0, MAX_PREVIOUS_SECRETS);
}

/** The previous secrets still in their grace at `at` (seconds), in their order (newest first). */
export function inGrace(previous: readonly PreviousSecret[], at: number): PreviousSecret[] {
  return previous.filter((entry) => entry.until > at);
}

/** When the first of `previous` leaves its grace (the next time the list changes by itself), or `null` for none. */
export function firstGraceEnd(previous: readonly PreviousSecret[]): number | null {
  return previous.length === 0 ? null : Math.min(...previous.map((entry) => entry.until));
}

/**
 * The stored form of a callback's previous secrets (`callbacks.previous_secrets`):
 * a JSON array `[{"secret", "until"}]`, newest first, `NULL` when empty.
 * Anything else read back is no secret at all.
 */
export function parsePreviousSecrets(stored: string | null): PreviousSecret[] {
  if (stored === null || stored === '') return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (entry): entry is PreviousSecret =>
          typeof entry === 'object' && entry !== null && typeof entry.secret === 'string' && typeof entry.until === 'number',
      )
      .map(({ secret, until }) => ({ secret, until }));
  } catch {
    return [];
  }
}

/** The TypeORM transformer of `callbacks.previous_secrets` ({@link parsePreviousSecrets}'s form). */
export const PREVIOUS_SECRETS_COLUMN: ValueTransformer = {
  to: (value: readonly PreviousSecret[] | undefined) =>
    value === undefined ? undefined : value.length === 0 ? null : JSON.stringify(value.map(({ secret, until }) => ({ secret, until }))),
  from: (value: string | null) => parsePreviousSecrets(value),
};
