import { AccountTeamUpdateEvent } from '../../events/dto/account-team-update.event.js';
import type { WebhookDefinition } from '../../openapi/webhooks.js';
import { PING_EVENT, PingEvent } from './dto/ping.event.js';

/** The deliveries the service sends, as the OpenAPI document's `webhooks` shows them (docs/api.md#events, docs/api.md#delivery-log). */
export const WEBHOOKS: readonly WebhookDefinition[] = [
  {
    event: 'account_team_update',
    payload: AccountTeamUpdateEvent,
    summary: "An account's team changed",
    description:
      'Sent to the callback registered for `account_team_update` whenever an existing account joins, leaves or changes team ' +
      '(also for every member of a deleted team). At least once: drop duplicates by `webhook-id`. Unordered: drop an event whose `sequence` ' +
      'is below one already applied for its account.',
  },
  {
    event: PING_EVENT,
    payload: PingEvent,
    summary: 'A test delivery',
    description:
      'Sent by `POST /callback/{event}/ping` to the callback registered for `{event}`, signed and retried like any other delivery; ' +
      'listed among the deliveries of `{event}`.',
  },
];
