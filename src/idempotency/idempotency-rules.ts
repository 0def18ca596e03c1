import { createHash } from 'node:crypto';

import type { IdempotencyKeyEntity } from './idempotency-key.entity.js';

/** How long the first answer to a key is kept and replayed: 24 h (as Stripe; the IETF httpapi draft leaves it to the server). */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/** Longest accepted key, in characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Printable ASCII: a key is 1..255 of these (a UUID, a ULID, any random token fits). */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** A Structured Field string (RFC 8941 §3.3.3): quoted, `"` and `\` escaped with `\`. */
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The key of an `Idempotency-Key` header value: the value itself, or the
 * content of a Structured Field string (`"8e03978e-..."`, as the IETF httpapi
 * draft writes it), so that both forms name the same key.
 *
 * @returns the key, or `undefined` when it is empty, longer than 255
 *   characters or not printable ASCII (Node.js joins a repeated header with
 *   ", " into one value; an array is refused too).
 */
export function parseIdempotencyKey(header: string | string[]): string | undefined {
  if (Array.isArray(header)) return undefined;
  const quoted = SF_STRING.exec(header);
  const key = quoted ? quoted[1].replace(/\\(["\\])/g, '$1') : header;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) return undefined;
  return key;
}

/**
 * What identifies a request for its key: SHA-256 (hex) of the method, the
 * route target (`route-target.ts`: an alias spelled as its route, and only the query parameters the route reads,
 * sorted by name), and the body in canonical JSON (object keys sorted,
 * numbers as written by JSON, integers beyond 2^53 exact), so that spacing
 * and key order do not make a retry a different request.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${url}\n${body === undefined ? '' : canonicalJson(body)}`)
    .digest('hex');
}

/** `value` (a parsed JSON body: objects, arrays, strings, numbers, bigints, booleans, null) as canonical JSON. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a request with a key does, given the answer stored for that key:
 * - `run`: none stored (or it expired, `expired` true): run it, and store its answer with the write;
 * - `replay`: the same request was answered: send that answer again;
 * - `mismatch`: the key was used for another request (method, path or body): 422.
 */
export type KeyDecision = { action: 'run'; expired: boolean } | { action: 'replay'; stored: IdempotencyKeyEntity } | { action: 'mismatch' };

/** The rule of the IETF httpapi draft and Stripe, for a request whose fingerprint is `fingerprint` at `now` (seconds). */
export function decide(stored: IdempotencyKeyEntity | null, fingerprint: string, now: number): KeyDecision {
  if (!stored) return { action: 'run', expired: false };
  if (stored.expiresAt <= now) return { action: 'run', expired: true };
  if (stored.fingerprint !== fingerprint) return { action: 'mismatch' };
  return { action: 'replay', stored };
}
