import type { CallbackEntity } from './callback.entity.js';
import { withoutUserInfo } from './callback-url.js';

/** The Callback object of contract §2 with its health (contract §10): never the secret, nor user info of a URL stored with it. */
export interface CallbackResource {
  id: number;
  event: string;
  url: string;
  /** True while deliveries to it are held (contract §10: disabled after failing too long). */
  disabled: boolean;
  /** Seconds, or `null` while enabled. */
  disabled_at: number | null;
  /** Seconds: start of the current unbroken run of deliveries that failed for good; `null` after a success. */
  failing_since: number | null;
  /** Seconds, or `null` before the first success. */
  last_success_at: number | null;
}

/** The body of `GET /callbacks`: event type → registered URL (interface §2). */
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
  };
}
