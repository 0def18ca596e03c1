import { HttpService } from '@nestjs/axios';
import { Injectable } from '@nestjs/common';
import { AxiosError } from 'axios';
import { firstValueFrom } from 'rxjs';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { BlockedAddressError } from './blocked-address.error.js';
import { ipLiteralHost, isPublicAddress } from './public-address.js';
import { publicOnlyLookup } from './public-only.lookup.js';
import { type AttemptResult, parseRetryAfter } from './retry-policy.js';
import { webhookSigner } from './webhook-signer.js';

/** Largest answer body read from a receiver; only its status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

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
 * Sends one attempt of a delivery (contract §8): `POST` with
 * `Content-Type: application/json`, `Authorization: Bearer <secret>`,
 * `X-Callback-Event` and the Standard Webhooks headers, within
 * `CALLBACK_TIMEOUT_MS`, following no redirects and using no proxy. Unless
 * `CALLBACK_ALLOW_PRIVATE_NETWORKS`, refuses hosts that are, or resolve to,
 * non-public addresses (SSRF guard). Never throws: every outcome is an
 * {@link AttemptResult}.
 */
@Injectable()
export class WebhookSender {
  constructor(
    private readonly http: HttpService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async send(target: WebhookTarget, message: WebhookMessage): Promise<AttemptResult> {
    const guard = !this.config.callbackAllowPrivateNetworks;
    const literal = ipLiteralHost(new URL(target.url));
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
        this.http.post<string>(target.url, message.body, {
          headers,
          timeout: this.config.callbackTimeoutMs,
          signal: AbortSignal.timeout(this.config.callbackTimeoutMs),
          maxRedirects: 0,
          proxy: false,
          validateStatus: () => true,
          responseType: 'text',
          transformRequest: [(data: string) => data],
          transformResponse: [(data: string) => data],
          maxContentLength: MAX_ANSWER_BYTES,
          ...(guard ? { lookup: publicOnlyLookup } : {}),
        }),
      );
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

/** The first error of type `type` in `error`'s cause chain. */
function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof type) return current;
  }
  return undefined;
}
