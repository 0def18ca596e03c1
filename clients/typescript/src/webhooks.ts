import { Webhook, WebhookVerificationError as LibraryVerificationError } from 'standardwebhooks';

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

/** Request headers as Node's `IncomingMessage.headers` has them, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Why a delivery was refused. */
export type WebhookVerificationFailure = 'missing-headers' | 'timestamp' | 'signature' | 'event';

/** A delivery that must not be trusted: answer it with a 4xx (a 400 or 401) and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(
    /** `missing-headers`, `timestamp` (outside 5 minutes of this clock), `signature` (no secret matches), `event` (unknown or inconsistent event type). */
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

const EVENT_TYPES: readonly string[] = ['account_team_update', 'ping'] satisfies WebhookEventType[];
const WHSEC_PREFIX = 'whsec_';

/**
 * Verifies a delivery of the service with the Standard Webhooks scheme (the
 * `standardwebhooks` package; docs/api.md#events) and returns it parsed and typed.
 *
 * @param body the raw request body, exactly as received (a string, or bytes: a `Buffer` or `Uint8Array`); never a
 *   re-serialized parsed object, whose bytes differ.
 * @param headers the request's headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, `X-Callback-Event`).
 * @param secrets the callback's secret, or several during a rotation (any may match): a `whsec_` secret (its base64 key)
 *   or any other string (its UTF-8 bytes), as registered with `PUT /callback/{event}`.
 * @throws WebhookVerificationError when a header is missing, the timestamp is more than 5 minutes from this clock,
 *   no signature matches any secret, or the event type is unknown or disagrees with the body.
 * @throws TypeError when no secret is given, or a `whsec_` secret is not base64 (a configuration error, not a bad delivery).
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secrets: string | readonly string[]): VerifiedWebhook {
  const verifiers = (typeof secrets === 'string' ? [secrets] : secrets).map(verifierFor);
  if (verifiers.length === 0) throw new TypeError('verifyWebhook: no secret given.');
  const normalized = normalizeHeaders(headers);
  const id = normalized['webhook-id'];
  const type = normalized['x-callback-event'];
  if (!id || !normalized['webhook-timestamp'] || !normalized['webhook-signature'] || !type)
    throw new WebhookVerificationError(
      'missing-headers',
      'Missing headers: webhook-id, webhook-timestamp, webhook-signature and X-Callback-Event are required.',
    );
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  let signatureError: unknown;
  for (const verifier of verifiers) {
    try {
      verifier.verify(text, normalized, { jsonParse: false });
      signatureError = undefined;
      break;
    } catch (error) {
      if (!(error instanceof LibraryVerificationError)) throw error;
      if (error.message !== 'No matching signature found') throw new WebhookVerificationError('timestamp', `${error.message}.`);
      signatureError = error;
    }
  }
  if (signatureError)
    throw new WebhookVerificationError(
      'signature',
      'No signature matches the secret(s): the body or headers were altered, or the secret is wrong.',
    );
  if (!EVENT_TYPES.includes(type))
    throw new WebhookVerificationError('event', `Unknown event type "${type}": update @accounts-service/client.`);
  const data = JSON.parse(text) as WebhookEvent;
  if ((type === 'ping') !== ('event' in data && data.event === 'ping'))
    throw new WebhookVerificationError('event', `X-Callback-Event "${type}" does not match the body.`);
  return { type, id, timestamp: new Date(Number(normalized['webhook-timestamp']) * 1000), data } as VerifiedWebhook;
}

/** The Standard Webhooks verifier of one secret: `whsec_` + base64 key, or the UTF-8 bytes of any other string. */
function verifierFor(secret: string): Webhook {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('verifyWebhook: a secret must be a non-empty string.');
  if (!secret.startsWith(WHSEC_PREFIX)) return new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  try {
    return new Webhook(secret);
  } catch {
    throw new TypeError('verifyWebhook: a whsec_ secret must be followed by its base64 key.');
  }
}

/** Lower-case names and one string per header (repeated headers joined by a space, as signatures are). */
function normalizeHeaders(headers: WebhookHeaders): Record<string, string> {
  const normalized: Record<string, string> = {};
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    headers.forEach((value, name) => (normalized[name.toLowerCase()] = value));
    return normalized;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value !== undefined) normalized[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return normalized;
}
