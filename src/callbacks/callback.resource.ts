import type { CallbackEntity } from './callback.entity.js';
import { withoutUserInfo } from './callback-url.js';

/** The Callback object of docs/api.md#objects: never the secret, nor user info of a URL stored with it. */
export interface CallbackResource {
  id: number;
  event: string;
  url: string;
}

/** The body of `GET /callbacks`: event type → registered URL (docs/api.md#objects). */
export interface CallbackListResource {
  callbacks: Record<string, string>;
}

/** Builds the Callback object of a stored callback. */
export function toCallbackResource(callback: CallbackEntity): CallbackResource {
  return { id: callback.id, event: callback.event, url: withoutUserInfo(callback.url) };
}
