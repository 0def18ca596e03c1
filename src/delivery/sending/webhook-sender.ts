import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { BlockedAddressError } from './blocked-address.error.js';
import { withoutUserInfo } from '../../callbacks/callback-url.js';
import { ipLiteralHost, isPublicAddress } from '../../common/public-address.js';
import { publicOnlyLookup } from './public-only.lookup.js';
import { type AttemptResult, parseRetryAfter } from './retry-policy.js';
import { WHSEC_PREFIX, webhookSigner } from '../../callbacks/webhook-signer.js';
import { RESPONSE_BODY_EXCERPT } from '../delivery-attempt.entity.js';
import { traceHeaders } from '../../tracing/trace-context.js';
import { errorType } from '../../tracing/error-type.js';

/** Largest answer body drained so that its connection can serve the next delivery; a larger one is dropped. */
const MAX_DRAINED_BYTES = 64 * 1024;

/** Bytes of an answer's body that hold its whole excerpt: 4 bytes per character at most (UTF-8). */
const EXCERPT_BYTES = RESPONSE_BODY_EXCERPT * 4;

/** Where and with what secret one delivery goes. */
export interface WebhookTarget {
  readonly url: string;
  readonly secret: string;
  /** Replaced secrets still in their rotation grace, newest first: the message is signed with each too (docs/api.md#secret-rotation). */
  readonly previousSecrets?: readonly string[];
}

/** What one delivery sends: the same `webhookId` and body on every attempt. */
export interface WebhookMessage {
  readonly webhookId: string;
  readonly event: string;
  /** The JSON body, sent and signed byte for byte. */
  readonly body: string;
}

/**
 * Sends one attempt of a delivery (docs/api.md#events) with Node's `http` and
 * `https` clients: `POST` with
 * `Content-Type: application/json`, `Authorization: Bearer <secret>` only
 * when the current secret is a plain one (a `whsec_` secret is never sent:
 * its receivers verify the signature; user info in the URL is dropped, never
 * sent as `Basic` credentials), `X-Callback-Event`, the Standard Webhooks
 * headers and, with tracing on,
 * the W3C `traceparent` and `tracestate` of the attempt, within
 * `CALLBACK_TIMEOUT_MS` in all (connection, request, answer), following no
 * redirects and using no proxy. Unless
 * `CALLBACK_ALLOW_PRIVATE_NETWORKS`, refuses hosts that are, or resolve to,
 * non-public addresses (SSRF guard). Connections come from keep-alive agents of the
 * sender's own, so a keep-alive socket opened by another client (whose
 * addresses were never checked) is never reused for a delivery; a request
 * that fails on a kept-alive connection the receiver had closed meanwhile is
 * sent again on a new one, within the same timeout ({@link isStaleConnection}). The outcome
 * is the status line: the answer's body is not read (a receiver that
 * accepted the event with a large body is not sent it again); only its first
 * {@link RESPONSE_BODY_EXCERPT} characters are kept, as text, for the attempt
 * log (docs/api.md#delivery-log), read within what is left of the timeout; the
 * rest is read and dropped in the background so that the connection can serve
 * the next delivery, and past {@link MAX_DRAINED_BYTES} (or the timeout) the
 * connection is closed. A URL that
 * WHATWG `URL` cannot parse is refused (no retry). Never throws: every
 * outcome is an {@link AttemptResult}.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly httpAgent = new HttpAgent({ keepAlive: true });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true });

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** After the worker finished its deliveries in flight (`beforeApplicationShutdown`): closes idle sockets. */
  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * @param onSent called once the request has been sent: its `finish` event, when its last byte has been written to
   *   the socket (after the address lookup and the connection); a rate limit counts the attempt from then. Called
   *   again if the request is sent again on a new connection (a rate limit's slot counts only the first).
   */
  async send(target: WebhookTarget, message: WebhookMessage, onSent?: () => void): Promise<AttemptResult> {
    const guard = !this.config.callbackAllowPrivateNetworks;
    if (!URL.canParse(target.url))
      return { kind: 'refused', error: 'Refused to deliver: the callback URL cannot be parsed.', type: 'invalid_url' };
    // User info in a URL stored before it was refused would become `Authorization: Basic`: never sent.
    const url = new URL(withoutUserInfo(target.url));
    const literal = ipLiteralHost(url);
    if (guard && literal !== undefined && !isPublicAddress(literal)) {
      return { kind: 'refused', error: new BlockedAddressError(literal).message, type: BlockedAddressError.name };
    }
    const timestamp = Math.floor(this.clock.nowSeconds());
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(message.body)),
      ...bearer(target.secret),
      'x-callback-event': message.event,
      'webhook-id': message.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatures(target, message, timestamp),
      'user-agent': 'accounts-service-webhooks/1',
      // `traceparent` (and `tracestate`) of the attempt's span, with tracing on (docs/operations.md#tracing).
      ...traceHeaders(),
    };
    const https = url.protocol === 'https:';
    const deadline = performance.now() + this.config.callbackTimeoutMs;
    for (;;) {
      let request: ClientRequest;
      try {
        request = (https ? httpsRequest : httpRequest)(url, {
          method: 'POST',
          headers,
          agent: https ? this.httpsAgent : this.httpAgent,
          ...(guard ? { lookup: publicOnlyLookup } : {}),
        });
      } catch (error) {
        // An unsupported protocol (a URL stored before registration refused it).
        return this.describeFailure(error);
      }
      if (onSent) request.once('finish', onSent);
      const result = this.outcome(request, deadline - performance.now());
      request.end(message.body);
      const { outcome, staleConnection } = await result;
      if (!staleConnection || performance.now() >= deadline) return outcome;
    }
  }

  /**
   * The outcome of `request`: its answer's status, `Retry-After` and body
   * excerpt once that much arrived (or the body ended, or `timeoutMs`
   * passed), else why it failed; then drains or closes the answer.
   * `staleConnection`: it failed before any answer on a kept-alive connection
   * that the receiver had closed meanwhile ({@link isStaleConnection}).
   */
  private outcome(request: ClientRequest, timeoutMs: number): Promise<{ outcome: AttemptResult; staleConnection: boolean }> {
    return new Promise((resolve) => {
      let settled = false;
      let response: IncomingMessage | undefined;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const settle = (result: AttemptResult, staleConnection = false): void => {
        if (settled) return;
        settled = true;
        resolve({ outcome: result, staleConnection });
      };
      const answer = (answered: IncomingMessage): void => {
        if (settled) return;
        const retryAfter = answered.headers['retry-after'];
        settle({
          kind: 'answer',
          status: answered.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_EXCERPT),
          retryAfterMs: parseRetryAfter(retryAfter, this.clock.nowSeconds() * 1000),
        });
      };
      // The whole attempt's deadline: it also bounds the drain of the body after the excerpt.
      const timer = setTimeout(
        () => {
          const error = `Timed out after ${this.config.callbackTimeoutMs} ms.`;
          if (response) answer(response);
          else settle({ kind: 'network', error, type: 'timeout' });
          // The error ends the HTTP client span of the request as failed (docs/operations.md#tracing).
          request.destroy(new Error(error));
        },
        Math.max(0, timeoutMs),
      );
      request.once('close', () => clearTimeout(timer));
      request.on('error', (error) =>
        response ? answer(response) : settle(this.describeFailure(error), isStaleConnection(request, error)),
      );
      request.once('response', (answered: IncomingMessage) => {
        response = answered;
        answered.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!settled) chunks.push(chunk);
          if (bytes >= EXCERPT_BYTES) answer(answered);
          if (bytes > MAX_DRAINED_BYTES) request.destroy();
        });
        answered.once('end', () => answer(answered));
        answered.once('close', () => answer(answered));
        answered.on('error', () => answer(answered));
      });
    });
  }

  private describeFailure(error: unknown): AttemptResult {
    const blocked = findCause(error, BlockedAddressError);
    if (blocked) return { kind: 'refused', error: blocked.message, type: BlockedAddressError.name };
    const code = (error as { code?: string }).code;
    const message = describeError(error);
    return {
      kind: 'network',
      error: (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 1000),
      type: code || errorType(error) || '_OTHER',
    };
  }
}

/**
 * Whether `request` failed because the receiver closed its kept-alive
 * connection while it sat idle in the pool, as the request was being written
 * (a reset or a close before any answer on a reused socket): a race of the
 * receiver's idle timeout with the pool, not an answer of the receiver, so the
 * attempt sends the request again on a new connection, once per reused
 * socket and within the same `CALLBACK_TIMEOUT_MS` (Node's documented
 * remedy, `request.reusedSocket`).
 */
function isStaleConnection(request: ClientRequest, error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return request.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE');
}

/**
 * An error's message; for an `AggregateError` without one (a connection
 * refused on every address of a host), its errors' messages, `; `-separated.
 */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message === '' && error instanceof AggregateError)
    return error.errors.map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  return error.message;
}

/**
 * `Authorization: Bearer <secret>` for a plain secret (the original scheme, for
 * receivers that compare it); nothing for a `whsec_` secret, which never
 * leaves the service (docs/api.md#events).
 */
function bearer(secret: string): { authorization?: string } {
  return secret.startsWith(WHSEC_PREFIX) ? {} : { authorization: `Bearer ${secret}` };
}

/** `v1,<sig>` with the current secret, then one with each previous secret in its grace, newest first (space-separated, Standard Webhooks). */
function signatures(target: WebhookTarget, message: WebhookMessage, timestamp: number): string {
  const at = new Date(timestamp * 1000);
  const secrets = [target.secret, ...(target.previousSecrets ?? [])];
  return secrets.map((secret) => webhookSigner(secret).sign(message.webhookId, at, message.body)).join(' ');
}

/** The first error of type `type` in `error`'s cause chain. */
function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof type) return current;
  }
  return undefined;
}
