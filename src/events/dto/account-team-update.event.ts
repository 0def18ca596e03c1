import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { AccountResource, TeamResource } from '../../read-model/resources.js';
import { AccountSchema } from '../../read-model/schemas/account.schema.js';
import { TeamSchema } from '../../read-model/schemas/team.schema.js';

/**
 * The body of an `account_team_update` delivery (docs/api.md#events): the
 * Account after the change and its new Team, or null when it has none. The
 * outbox stores `JSON.stringify` of an instance, and its OpenAPI schema is the
 * body of the webhook of the same name, so the two cannot differ.
 */
@ApiSchema({ name: 'AccountTeamUpdateEvent' })
export class AccountTeamUpdateEvent {
  @ApiProperty({ type: () => AccountSchema, description: 'The Account after the change.' })
  readonly account: AccountResource;

  @ApiProperty({ type: () => TeamSchema, nullable: true, description: 'The new Team of the account, or null when it has none.' })
  readonly team: TeamResource | null;

  /** @param account the Account object as it is after the change, serialized in the change's transaction. */
  constructor(account: AccountResource) {
    this.account = account;
    this.team = account.team;
  }
}
