import type { AccountFields } from '../read-model/read-model.types.js';

/**
 * What deleting a team needs from the `accounts` table's owner
 * (docs/architecture.md#tables). accounts/ imports teams/, so teams/ declares
 * this port and accounts/ provides it (`AccountsStoreModule`, a global module):
 * the imports keep running one way.
 */
export abstract class TeamMembers {
  /**
   * Locks the team's members (one statement, in the current transaction) so
   * none moves or goes before commit.
   * @returns them as they will be once the team is deleted: without a team.
   */
  abstract lockMembers(teamId: number): Promise<AccountFields[]>;
}
