import { randomBytes } from 'node:crypto';

/** A new Standard Webhooks message id (`msg_` + 32 hex digits), fixed for the life of a delivery. */
export function newWebhookId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}
