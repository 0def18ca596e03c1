import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';

import { HttpService } from '@nestjs/axios';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AxiosError } from 'axios';
import { firstValueFrom } from 'rxjs';

import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { BlockedAddressError } from './blocked-address.error.js';
import { withoutUserInfo } from '../../callbacks/callback-url.js';
import { ipLiteralHost, isPublicAddress } from '../../common/public-address.js';
import { publicOnlyLookup } from './public-only.lookup.js';
import { sentReportingTransport } from './sent-reporting.transport.js';
import { type AttemptResult, parseRetryAfter } from './retry-policy.js';
import { WHSEC_PREFIX, webhookSigner } from '../../callbacks/webhook-signer.js';
import { RESPONSE_BODY_EXCERPT } from '../delivery-attempt.entity.js';
import { traceHeaders } from '../../tracing/trace-context.js';
import { errorType } from '../../tracing/error-type.js';

/** Largest answer body drained so that its connection can serve the next delivery; a larger one is dropped. */
const MAX_DRAINED_BYTES = 64 * 1024;

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
 * Sends one attempt of a delivery (docs/api.md#events): `POST` with
 * `Content-Type: application/json`, `Authorization: Bearer <secret>` only
 * when the current secret is a plain one (a `whsec_` secret is never sent:
 * its receivers verify the signature; user info in the URL is dropped, never
 * sent as `Basic` credentials), `X-Callback-Event`, the Standard Webhooks
 * headers and, with tracing on,
 * the W3C `traceparent` and `tracestate` of the attempt, within
 * `CALLBACK_TIMEOUT_MS`, following no redirects and using no proxy. Unless
 * `CALLBACK_ALLOW_PRIVATE_NETWORKS`, refuses hosts that are, or resolve to,
 * non-public addresses (SSRF guard). Connections come from agents of the
 * sender's own, so a keep-alive socket opened by another client (whose
 * addresses were never checked) is never reused for a delivery. The outcome
 * is the status line: the answer's body is not read (a receiver that
 * accepted the event with a large body is not sent it again); only its first
 * {@link RESPONSE_BODY_EXCERPT} characters are kept, as text, for the attempt
 * log (docs/api.md#delivery-log), read within what is left of the timeout. A URL that
 * WHATWG `URL` cannot parse is refused (no retry). Never throws: every
 * outcome is an {@link AttemptResult}.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly httpAgent = new HttpAgent({ keepAlive: true });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true });

  constructor(
    private readonly http: HttpService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** After the worker finished its deliveries in flight (`beforeApplicationShutdown`): closes idle sockets. */
  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** @param onSent called once the request has been written to the socket (a rate limit counts the attempt from then). */
  async send(target: WebhookTarget, message: WebhookMessage, onSent?: () => void): Promise<AttemptResult> {
    const guard = !this.config.callbackAllowPrivateNetworks;
    if (!URL.canParse(target.url))
      return { kind: 'refused', error: 'Refused to deliver: the callback URL cannot be parsed.', type: 'invalid_url' };
    // User info in a URL stored before it was refused would become `Authorization: Basic`: never sent.
    const url = withoutUserInfo(target.url);
    const literal = ipLiteralHost(new URL(url));
    if (guard && literal !== undefined && !isPublicAddress(literal)) {
      return { kind: 'refused', error: new BlockedAddressError(literal).message, type: BlockedAddressError.name };
    }
    const timestamp = Math.floor(this.clock.nowSeconds());
    const headers = {
      'content-type': 'application/json',
      ...bearer(target.secret),
      'x-callback-event': message.event,
      'webhook-id': message.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatures(target, message, timestamp),
      'user-agent': 'accounts-service-webhooks/1',
      // `traceparent` (and `tracestate`) of the attempt's span, with tracing on (docs/operations.md#tracing).
      ...traceHeaders(),
    };
    const startedMs = Date.now();
    try {
      const response = await firstValueFrom(
        this.http.post<Readable>(url, message.body, {
          headers,
          timeout: this.config.callbackTimeoutMs,
          signal: AbortSignal.timeout(this.config.callbackTimeoutMs),
          maxRedirects: 0,
          proxy: false,
          validateStatus: () => true,
          responseType: 'stream',
          transformRequest: [(data: string) => data],
          httpAgent: this.httpAgent,
          httpsAgent: this.httpsAgent,
          ...(guard ? { lookup: publicOnlyLookup } : {}),
          ...(onSent ? { transport: sentReportingTransport(onSent) } : {}),
        }),
      );
      const body = await readExcerpt(response.data, this.config.callbackTimeoutMs - (Date.now() - startedMs));
      const retryAfter = response.headers['retry-after'];
      return {
        kind: 'answer',
        status: response.status,
        body,
        retryAfterMs: parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, this.clock.nowSeconds() * 1000),
      };
    } catch (error) {
      return this.describeFailure(error);
    }
  }

  private describeFailure(error: unknown): AttemptResult {
    const blocked = findCause(error, BlockedAddressError);
    if (blocked) return { kind: 'refused', error: blocked.message, type: BlockedAddressError.name };
    if (error instanceof AxiosError && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.code === 'ERR_CANCELED')) {
      return { kind: 'network', error: `Timed out after ${this.config.callbackTimeoutMs} ms.`, type: 'timeout' };
    }
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'network',
      error: (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 1000),
      type: code || errorType(error) || '_OTHER',
    };
  }
}

/**
 * The first {@link RESPONSE_BODY_EXCERPT} characters of an answer's body
 * (UTF-8, as text), once that much arrived, the body ended, or `waitMs`
 * passed; the rest is read and dropped in the background so that the
 * connection can serve the next delivery, and past {@link MAX_DRAINED_BYTES}
 * (or the wait) the connection is closed.
 */
function readExcerpt(body: Readable, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_EXCERPT));
    };
    const timer = setTimeout(
      () => {
        finish();
        body.destroy();
      },
      Math.max(0, waitMs),
    );
    body.on('error', finish);
    body.on('end', finish);
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!done) chunks.push(chunk);
      // 4 bytes per character at most: this many bytes hold the whole excerpt.
      if (bytes >= RESPONSE_BODY_EXCERPT * 4) finish();
      if (bytes > MAX_DRAINED_BYTES) body.destroy();
    });
  });
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
