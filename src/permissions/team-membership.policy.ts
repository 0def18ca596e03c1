import { type Principal, isMemberOf, isSelf } from '../common/principal.js';
import { Permission, hasPermissions } from './permission.js';

/**
 * Whether `caller` may move account `accountId`, now in team `currentTeamId`,
 * to team `newTeamId` (0 = no team) with `PATCH /account/{account}` (docs/api.md#permissions):
 * with `manage_account_teams`; as that same account (join any team, or leave);
 * or, to remove a member, with `manage_own_team` as a member of their current team.
 */
export function mayChangeTeam(caller: Principal, accountId: string, currentTeamId: number | null, newTeamId: number): boolean {
  if (hasPermissions(caller.permissions, Permission.ManageAccountTeams)) return true;
  if (isSelf(caller, accountId)) return true;
  return newTeamId === 0 && hasPermissions(caller.permissions, Permission.ManageOwnTeam) && isMemberOf(caller, currentTeamId);
}
