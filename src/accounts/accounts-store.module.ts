import { Global, Module } from '@nestjs/common';

import { TeamMembers } from '../teams/team-members.js';
import { AccountTeamMembers } from './account-team-members.js';
import { AccountsRepository } from './accounts.repository.js';

/**
 * The `accounts` table's one provider (docs/architecture.md#tables): the
 * accounts feature's {@link AccountsRepository}, and the {@link TeamMembers}
 * port teams/ declares for deleting a team. Global, because teams/ may not
 * import accounts/ (accounts/ imports teams/): TeamsService finds the port
 * here without an import back. AccountsModule imports it.
 */
@Global()
@Module({
  providers: [AccountsRepository, { provide: TeamMembers, useClass: AccountTeamMembers }],
  exports: [AccountsRepository, TeamMembers],
})
export class AccountsStoreModule {}
