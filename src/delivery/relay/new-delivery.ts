import { randomBytes } from 'node:crypto';

import type { CallbackEntity } from '../../callbacks/callback.entity.js';
import type { NewDelivery } from '../deliveries.repository.js';
import { CALLBACK_DISABLED } from '../delivery-status.js';

/** A new Standard Webhooks message id (`msg_` + 32 hex digits), fixed for the life of a delivery. */
export function newWebhookId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * The delivery to `callback` of the event `event` (its id; `createdAt`, the
 * Unix seconds its transaction recorded it at; `accountId`, the account it is
 * about, `events/event-account.ts`, or `null` for a ping), recorded at `now` (Unix
 * seconds), for the relay and for a ping alike (docs/api.md#events): created
 * when its event was committed (`created_at`, whenever the relay gets to it,
 * docs/api.md#delivery-log), a new `webhook-id`, no attempt yet, round 0, the
 * callback's URL; `pending` and due at once, or, when the callback is
 * disabled, held: `failed` with `last_error` {@link CALLBACK_DISABLED}, not
 * sent until a `recover` (docs/api.md#delivery-log).
 */
export function newDelivery(
  callback: Pick<CallbackEntity, 'id' | 'appId' | 'event' | 'url' | 'disabledAt'>,
  event: { readonly id: number; readonly createdAt: number; readonly accountId: string | null },
  now: number,
): NewDelivery {
  return {
    eventId: event.id,
    callbackId: callback.id,
    appId: callback.appId,
    accountId: event.accountId,
    event: callback.event,
    url: callback.url,
    webhookId: newWebhookId(),
    attempts: 0,
    totalAttempts: 0,
    round: 0,
    createdAt: event.createdAt,
    updatedAt: now,
    ...(callback.disabledAt === null
      ? { status: 'pending' as const, nextAttemptAt: now, lastError: null }
      : { status: 'failed' as const, nextAttemptAt: null, lastError: CALLBACK_DISABLED }),
  };
}
