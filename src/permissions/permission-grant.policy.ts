import { ForbiddenError } from '../errors/domain-errors.js';

import { type Principal, isMemberOf } from '../common/principal.js';
import { Permission, hasPermissions } from './permission.js';

/** Whether a permission value is being granted (creation, `grant_permissions`) or revoked. */
export type GrantMode = 'grant' | 'revoke';

/**
 * Decides whether `caller` may grant or revoke `value` on an account that is
 * (or, on creation, will be) in team `targetTeamId` (docs/api.md#permissions rules 2–4).
 * `value` is already within bits 0..6 (rule 1: the request DTOs bound it, a 422).
 *
 * @throws ForbiddenError (HTTP 403) when not allowed.
 */
export function assertMayChangePermissions(
  caller: Principal | undefined,
  value: number,
  mode: GrantMode,
  targetTeamId: number | null,
): void {
  if (value === 0) return;
  if (mode === 'grant' && (value & Permission.AuthenticateUsers) !== 0) {
    throw new ForbiddenError('authenticate_users can never be granted to an account.');
  }
  if (caller && hasPermissions(caller.permissions, Permission.ManagePermissions | value)) return;
  if (value === Permission.ManageOwnTeam && caller) {
    if (hasPermissions(caller.permissions, Permission.ManageOwnTeam) && isMemberOf(caller, targetTeamId)) return;
    if (hasPermissions(caller.permissions, Permission.ManagePermissions | Permission.ManageTeams)) return;
  }
  throw new ForbiddenError(`You may not ${mode} these permissions.`);
}
