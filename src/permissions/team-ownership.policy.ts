import { type Principal, isMemberOf } from '../common/principal.js';
import { Permission, hasPermissions } from './permission.js';

/**
 * Whether `caller` may rename or delete team `teamId` (docs/api.md#routes-teams, docs/api.md#permissions):
 * with `manage_teams`, or with `manage_own_team` as a member of that team.
 */
export function mayManageTeam(caller: Principal, teamId: number): boolean {
  if (hasPermissions(caller.permissions, Permission.ManageTeams)) return true;
  return hasPermissions(caller.permissions, Permission.ManageOwnTeam) && isMemberOf(caller, teamId);
}
