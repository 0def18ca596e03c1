import type { CallbackEntity } from './callback.entity.js';
import { withoutUserInfo } from './callback-url.js';

/** The Callback object of docs/api.md#objects with its health (docs/api.md#delivery-log): never the secret, nor user info of a URL stored with it. */
export interface CallbackResource {
  id: number;
  event: string;
  url: string;
  /** True while deliveries to it are held (docs/api.md#delivery-log: disabled after failing too long). */
  disabled: boolean;
  /** Seconds, or `null` while enabled. */
  disabled_at: number | null;
  /** Seconds: start of the current unbroken run of deliveries that failed for good; `null` after a success. */
  failing_since: number | null;
  /** Seconds, or `null` before the first success. */
  last_success_at: number | null;
  /** Attempts per second at most (docs/api.md#isolation-between-apps), or `null` for no limit. */
  rate_limit: number | null;
}

/** The body of `GET /callbacks`: event type → registered URL (docs/api.md#objects). */
export interface CallbackListResource {
  callbacks: Record<string, string>;
}

/** Builds the Callback object of a stored callback. */
export function toCallbackResource(callback: CallbackEntity): CallbackResource {
  return {
    id: callback.id,
    event: callback.event,
    url: withoutUserInfo(callback.url),
    disabled: callback.disabledAt !== null,
    disabled_at: callback.disabledAt,
    failing_since: callback.failingSince,
    last_success_at: callback.lastSuccessAt,
    rate_limit: callback.rateLimit,
  };
}
