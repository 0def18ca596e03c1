import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { AccountResource, TeamResource } from '../../read-model/resources.js';
import { AccountSchema } from '../../read-model/schemas/account.schema.js';
import { TeamSchema } from '../../read-model/schemas/team.schema.js';

/** The event type of a team change (docs/api.md#events). */
export const ACCOUNT_TEAM_UPDATE = 'account_team_update';

/**
 * The body of an `account_team_update` delivery (docs/api.md#events): the
 * Account after the change and its new Team, or null when it has none, then
 * the signed facts of the event: its `type`, when its change committed
 * (`occurred_at`) and its place among the account's events (`sequence`). The
 * outbox stores `JSON.stringify` of an instance, and its OpenAPI schema is the
 * body of the webhook of the same name, so the two cannot differ.
 */
@ApiSchema({ name: 'AccountTeamUpdateEvent' })
export class AccountTeamUpdateEvent {
  @ApiProperty({ type: () => AccountSchema, description: 'The Account after the change.' })
  readonly account: AccountResource;

  @ApiProperty({ type: () => TeamSchema, nullable: true, description: 'The new Team of the account, or null when it has none.' })
  readonly team: TeamResource | null;

  @ApiProperty({ enum: [ACCOUNT_TEAM_UPDATE], example: ACCOUNT_TEAM_UPDATE, description: 'The event type, as in `X-Callback-Event`.' })
  readonly type = ACCOUNT_TEAM_UPDATE;

  @ApiProperty({
    type: String,
    format: 'date-time',
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
    example: '2026-11-29T07:05:55.123Z',
    description: 'When the change committed: RFC 3339, UTC, milliseconds. The same in every delivery, retry and redelivery of the event.',
  })
  readonly occurred_at: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 42,
    description:
      "The event's place among the events of its account: greater than that of every event of the same account committed before it. " +
      'A receiver that already applied this sequence or a greater one for the account drops the event (deliveries may arrive out of order).',
  })
  readonly sequence: number;

  /**
   * @param account the Account object as it is after the change, serialized in the change's transaction.
   * @param occurredAt when the change committed, RFC 3339 (`occurred-at.ts`).
   * @param sequence the account's new event sequence (`account-event-sequence.repository.ts`).
   */
  constructor(account: AccountResource, occurredAt: string, sequence: number) {
    this.account = account;
    this.team = account.team;
    this.occurred_at = occurredAt;
    this.sequence = sequence;
  }
}
