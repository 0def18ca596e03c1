import { HMAC } from 'fast-sha256';

import type { webhooks } from './schema.js';

/** The event types the service delivers (the OpenAPI document's `webhooks`): `account_team_update` and `ping`. */
export type WebhookEventType = keyof webhooks;

type Body<E extends WebhookEventType> = webhooks[E]['post']['requestBody']['content']['application/json'];

/**
 * The body of an `account_team_update` delivery: the Account after the change, its new Team or null, and the signed
 * `type`, `occurred_at` (RFC 3339, when the change committed) and `sequence` (grows with each event of the account,
 * in commit order: drop an event at or below the highest one applied for its account) (docs/api.md#events).
 */
export type AccountTeamUpdateEvent = Body<'account_team_update'>;
/** The body of a test delivery (`POST /callback/{event}/ping`): `{event: 'ping', callback, type, occurred_at}` (docs/api.md#delivery-log). */
export type PingEvent = Body<'ping'>;
/** The body of any delivery. */
export type WebhookEvent = AccountTeamUpdateEvent | PingEvent;

/** A verified delivery: its event type (`X-Callback-Event`), its `webhook-id`, when this attempt was signed, and its body. */
export type VerifiedWebhook = {
  [E in WebhookEventType]: {
    /** The event type; tells the type of `data`. */
    type: E;
    /** The `webhook-id`: the same on every retry and redelivery of one delivery. Drop a delivery whose id you already handled. */
    id: string;
    /** The `webhook-timestamp` of this attempt. */
    timestamp: Date;
    /** The parsed body. */
    data: Body<E>;
  };
}[WebhookEventType];

/** Request headers as Node's `IncomingMessage.headers` (or `headersDistinct`) has them, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Why a delivery was refused. */
export type WebhookVerificationFailure = 'missing-headers' | 'repeated-headers' | 'timestamp' | 'signature' | 'event';

/** A delivery that must not be trusted: answer it with a 4xx (a 400 or 401) and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(
    /**
     * `missing-headers`, `repeated-headers` (`webhook-id`, `webhook-timestamp`, `webhook-signature` or `X-Callback-Event`
     * sent more than once), `timestamp` (not decimal digits, or outside 5 minutes of this clock), `signature` (no secret
     * matches the exact body bytes), `event` (unknown or inconsistent event type, or a body that is not a JSON object).
     */
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

const EVENT_TYPES: readonly string[] = ['account_team_update', 'ping'] satisfies WebhookEventType[];
const WHSEC_PREFIX = 'whsec_';
/** How far `webhook-timestamp` may be from this clock, in seconds (Standard Webhooks' tolerance). */
const TOLERANCE_SECONDS = 5 * 60;
/** A `webhook-timestamp`: UNIX seconds, decimal digits only (no sign, space, fraction or trailing text). */
const TIMESTAMP = /^[0-9]{1,15}$/;

/**
 * Verifies a delivery of the service with the Standard Webhooks scheme (docs/api.md#events): HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.` followed by the body's exact bytes, compared in constant time with each
 * `v1` signature of `webhook-signature`; then returns it parsed and typed.
 *
 * Strict: only the bytes that were signed verify. A `Uint8Array`/`Buffer` body is verified as it is (a leading
 * UTF-8 BOM is not stripped, invalid UTF-8 is not replaced by U+FFFD); a string by its UTF-8 encoding.
 * `webhook-timestamp` must be decimal digits only. `webhook-id`, `webhook-timestamp`, `webhook-signature` and
 * `X-Callback-Event` must each come once: an array value (as in Node's `headersDistinct`) with more than one item,
 * two names differing only in case, or a value joined from repeated headers (Node's `request.headers` and fetch's
 * `Headers` join them with `, `: an id, timestamp or event type with a comma, a signature whose space-separated
 * `v<n>,<base64>` items hold more than one comma) is refused. One `webhook-signature` holding several signatures
 * separated by spaces (`v1,a v1,b`, as during a secret rotation) is one header, and any of them may match.
 *
 * @param body the raw request body, exactly as received (a string, or bytes: a `Buffer` or `Uint8Array`); never a
 *   re-serialized parsed object, whose bytes differ.
 * @param headers the request's headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, `X-Callback-Event`).
 * @param secrets the callback's secret, or several during a rotation (any may match): a `whsec_` secret (its base64 key)
 *   or any other string (its UTF-8 bytes), as registered with `PUT /callback/{event}`.
 * @throws WebhookVerificationError when a header is missing or repeated, the timestamp is not decimal digits or is more
 *   than 5 minutes from this clock, no signature matches any secret, or the event type is unknown or disagrees with the body.
 * @throws TypeError when no secret is given, a `whsec_` secret is not base64, or the body is neither a string nor bytes
 *   (a programming or configuration error, not a bad delivery).
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secrets: string | readonly string[]): VerifiedWebhook {
  const keys = (typeof secrets === 'string' ? [secrets] : secrets).map(keyOf);
  if (keys.length === 0) throw new TypeError('verifyWebhook: no secret given.');
  const bytes = bodyBytes(body);
  const { id, timestamp, signature, type } = deliveryHeaders(headers);
  const seconds = timestampSeconds(timestamp);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.`);
  const expected = keys.map((key) => base64Encode(new HMAC(key).update(signed).update(bytes).digest()));
  if (!signatureMatches(signature, expected))
    throw new WebhookVerificationError(
      'signature',
      'No signature matches the secret(s): the body or headers were altered, or the secret is wrong.',
    );
  if (!EVENT_TYPES.includes(type))
    throw new WebhookVerificationError('event', `Unknown event type "${type}": update @accounts-service/client.`);
  const data = parseBody(typeof body === 'string' ? body : bytes);
  if ((type === 'ping') !== ('event' in data && data.event === 'ping'))
    throw new WebhookVerificationError('event', `X-Callback-Event "${type}" does not match the body.`);
  return { type, id, timestamp: new Date(seconds * 1000), data } as VerifiedWebhook;
}

/** The HMAC key of one secret: the base64-decoded part after `whsec_`, or the UTF-8 bytes of any other string. */
function keyOf(secret: string): Uint8Array {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('verifyWebhook: a secret must be a non-empty string.');
  if (!secret.startsWith(WHSEC_PREFIX)) return new TextEncoder().encode(secret);
  let key: Uint8Array | undefined;
  try {
    key = Uint8Array.from(atob(secret.slice(WHSEC_PREFIX.length)), (char) => char.charCodeAt(0));
  } catch {
    key = undefined;
  }
  if (!key || key.length === 0) throw new TypeError('verifyWebhook: a whsec_ secret must be followed by its base64 key.');
  return key;
}

/** The bytes that were signed: a string's UTF-8 encoding, or the bytes themselves. */
function bodyBytes(body: unknown): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  throw new TypeError('verifyWebhook: the body must be the raw request body, a string or bytes (a Buffer or Uint8Array).');
}

/** The four headers of a delivery, each sent exactly once. */
function deliveryHeaders(headers: WebhookHeaders): { id: string; timestamp: string; signature: string; type: string } {
  const values = headerValues(headers);
  const one = (name: string): string | undefined => {
    const list = (values.get(name) ?? []).filter((value) => value !== '');
    if (list.length > 1) throw repeated(name);
    return list[0];
  };
  const [id, timestamp, signature, type] = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-callback-event'].map(one);
  if (!id || !timestamp || !signature || !type)
    throw new WebhookVerificationError(
      'missing-headers',
      'Missing headers: webhook-id, webhook-timestamp, webhook-signature and X-Callback-Event are required.',
    );
  // A comma in a single value is how Node and fetch join a repeated header; none of these values holds one.
  if (id.includes(',')) throw repeated('webhook-id');
  if (timestamp.includes(',')) throw repeated('webhook-timestamp');
  if (type.includes(',')) throw repeated('x-callback-event');
  if (signature.split(' ').some((item) => item.indexOf(',') !== item.lastIndexOf(','))) throw repeated('webhook-signature');
  return { id, timestamp, signature, type };
}

/** Every value of every header by lower-case name: a fetch `Headers` has one (joined) value a name; a record may have more. */
function headerValues(headers: WebhookHeaders): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (name: string, value: string) => {
    const key = name.toLowerCase();
    values.set(key, [...(values.get(key) ?? []), value]);
  };
  if (typeof Headers !== 'undefined' && headers instanceof Headers) headers.forEach((value, name) => add(name, value));
  else
    for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) add(name, String(item));
    }
  return values;
}

function repeated(name: string): WebhookVerificationError {
  return new WebhookVerificationError('repeated-headers', `The ${name} header was sent more than once.`);
}

/** The seconds of `webhook-timestamp`: decimal digits, at most 5 minutes from this clock. */
function timestampSeconds(timestamp: string): number {
  if (!TIMESTAMP.test(timestamp))
    throw new WebhookVerificationError('timestamp', 'The webhook-timestamp header is not a whole number of seconds (decimal digits only).');
  const seconds = Number(timestamp);
  const now = Math.floor(Date.now() / 1000);
  if (now - seconds > TOLERANCE_SECONDS) throw new WebhookVerificationError('timestamp', 'Message timestamp too old.');
  if (seconds - now > TOLERANCE_SECONDS) throw new WebhookVerificationError('timestamp', 'Message timestamp too new.');
  return seconds;
}

/** Whether any `v1,<base64>` item of `webhook-signature` is one of `expected`, compared in constant time. */
function signatureMatches(header: string, expected: readonly string[]): boolean {
  let matched = false;
  for (const item of header.split(' ')) {
    const comma = item.indexOf(',');
    if (comma === -1 || item.slice(0, comma) !== 'v1') continue;
    for (const candidate of expected) matched = constantTimeEqual(item.slice(comma + 1), candidate) || matched;
  }
  return matched;
}

/** `a === b`, taking the same time whichever characters differ (the length is not secret: every signature has 44). */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

function base64Encode(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** The verified body as a JSON object: strict UTF-8 (a BOM is kept, and so not JSON). */
function parseBody(body: string | Uint8Array): WebhookEvent {
  let data: unknown;
  try {
    data = JSON.parse(typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body));
  } catch {
    data = undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new WebhookVerificationError('event', 'The body is not a JSON object: not an event of the service.');
  return data as WebhookEvent;
}
