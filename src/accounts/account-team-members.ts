import { Injectable } from '@nestjs/common';

import type { AccountFields } from '../read-model/read-model.types.js';
import { TeamMembers } from '../teams/team-members.js';
import { AccountsRepository } from './accounts.repository.js';

/** The accounts side of deleting a team: {@link TeamMembers} on the `accounts` table. */
@Injectable()
export class AccountTeamMembers extends TeamMembers {
  constructor(private readonly repository: AccountsRepository) {
    super();
  }

  /** Locks team `teamId`'s members (one statement). @returns them without a team, as the deletion leaves them. */
  lockMembers(teamId: number): Promise<AccountFields[]> {
    return this.repository.lockTeamMembers(teamId);
  }
}
