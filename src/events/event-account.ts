import { parseAccountId } from '../common/account-id.js';
import { ACCOUNT_TEAM_UPDATE } from './dto/account-team-update.event.js';
import type { OutboxEventEntity } from './outbox-event.entity.js';

/**
 * The account an event is about (docs/api.md#events): the canonical id of the
 * `account` of an `account_team_update` body, or `null` for any other event
 * (a ping) or a body without one. Its deliveries record it, for the apps' log
 * filter by account (docs/api.md#delivery-log).
 */
export function eventAccountId(event: Pick<OutboxEventEntity, 'type' | 'payload'>): string | null {
  if (event.type !== ACCOUNT_TEAM_UPDATE) return null;
  const body = JSON.parse(event.payload) as { account?: { id?: unknown } };
  return parseAccountId(body.account?.id) ?? null;
}
