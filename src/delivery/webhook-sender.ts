import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';

import { HttpService } from '@nestjs/axios';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AxiosError } from 'axios';
import { firstValueFrom } from 'rxjs';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { BlockedAddressError } from '../callbacks/blocked-address.error.js';
import { withoutUserInfo } from '../callbacks/callback-url.js';
import { ipLiteralHost, isPublicAddress } from '../callbacks/public-address.js';
import { publicOnlyLookup } from '../callbacks/public-only.lookup.js';
import { type AttemptResult, parseRetryAfter } from './retry-policy.js';
import { webhookSigner } from '../callbacks/webhook-signer.js';

/** Largest answer body drained so that its connection can serve the next delivery; a larger one is dropped. */
const MAX_DRAINED_BYTES = 64 * 1024;

/** Where and with what secret one delivery goes. */
export interface WebhookTarget {
  readonly url: string;
  readonly secret: string;
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
 * `Content-Type: application/json`, `Authorization: Bearer <secret>` (user
 * info in the URL is dropped, never sent as `Basic` credentials),
 * `X-Callback-Event` and the Standard Webhooks headers, within
 * `CALLBACK_TIMEOUT_MS`, following no redirects and using no proxy. Unless
 * `CALLBACK_ALLOW_PRIVATE_NETWORKS`, refuses hosts that are, or resolve to,
 * non-public addresses (SSRF guard). Connections come from agents of the
 * sender's own, so a keep-alive socket opened by another client (whose
 * addresses were never checked) is never reused for a delivery. The outcome
 * is the status line: the answer's body is not read (a receiver that
 * accepted the event with a large body is not sent it again). A URL that
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

  async send(target: WebhookTarget, message: WebhookMessage): Promise<AttemptResult> {
    const guard = !this.config.callbackAllowPrivateNetworks;
    if (!URL.canParse(target.url)) return { kind: 'refused', error: 'Refused to deliver: the callback URL cannot be parsed.' };
    // User info in a URL stored before it was refused would become `Authorization: Basic`: never sent.
    const url = withoutUserInfo(target.url);
    const literal = ipLiteralHost(new URL(url));
    if (guard && literal !== undefined && !isPublicAddress(literal)) {
      return { kind: 'refused', error: new BlockedAddressError(literal, literal).message };
    }
    const timestamp = Math.floor(this.clock.nowSeconds());
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${target.secret}`,
      'x-callback-event': message.event,
      'webhook-id': message.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSigner(target.secret).sign(message.webhookId, new Date(timestamp * 1000), message.body),
      'user-agent': 'accounts-service-webhooks/1',
    };
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
        }),
      );
      discardBody(response.data);
      const retryAfter = response.headers['retry-after'];
      return {
        kind: 'answer',
        status: response.status,
        retryAfterMs: parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, this.clock.nowSeconds() * 1000),
      };
    } catch (error) {
      return this.describeFailure(error);
    }
  }

  private describeFailure(error: unknown): AttemptResult {
    const blocked = findCause(error, BlockedAddressError);
    if (blocked) return { kind: 'refused', error: blocked.message };
    if (error instanceof AxiosError && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.code === 'ERR_CANCELED')) {
      return { kind: 'network', error: `Timed out after ${this.config.callbackTimeoutMs} ms.` };
    }
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'network', error: (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 1000) };
  }
}

/** Reads and drops an answer's body in the background; past {@link MAX_DRAINED_BYTES} closes its connection. */
function discardBody(body: Readable): void {
  let bytes = 0;
  body.on('error', () => undefined);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_DRAINED_BYTES) body.destroy();
  });
}

/** The first error of type `type` in `error`'s cause chain. */
function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof type) return current;
  }
  return undefined;
}
