import { describe, expect, it } from 'vitest';

import type { Principal } from '../common/principal.js';
import { Permission as P } from './permission.js';
import { assertMayChangePermissions } from './permission-grant.policy.js';
import { ForbiddenError } from '../errors/domain-errors.js';

const app = (permissions: number): Principal => ({ kind: 'app', permissions, appId: 1 });
const user = (permissions: number, teamId: number | null = null, accountId = '1'): Principal => ({
  kind: 'user',
  permissions,
  accountId,
  teamId,
  sessionId: 1,
});

function allowed(
  caller: Principal | undefined,
  value: number,
  mode: 'grant' | 'revoke' = 'grant',
  targetTeam: number | null = null,
): boolean {
  try {
    assertMayChangePermissions(caller, value, mode, targetTeam);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenError);
    return false;
  }
}

describe('rule 1: a value of 0', () => {
  it('a value of 0 needs no permission, even without a caller', () => {
    expect(allowed(undefined, 0)).toBe(true);
    expect(allowed(user(0), 0, 'revoke')).toBe(true);
  });
});

describe('rule 2: authenticate_users is never granted to an account', () => {
  it('is refused even to a caller holding every app bit', () => {
    expect(allowed(app(95), P.AuthenticateUsers)).toBe(false);
    expect(allowed(app(95), P.AuthenticateUsers | P.ManageTeams)).toBe(false);
  });

  it('says so in the 403', () => {
    expect(() => assertMayChangePermissions(app(95), 16, 'grant', null)).toThrow('authenticate_users can never be granted to an account.');
  });

  it('does not stop revoking it from a caller holding manage_permissions and authenticate_users', () => {
    expect(allowed(app(P.ManagePermissions | P.AuthenticateUsers), P.AuthenticateUsers, 'revoke')).toBe(true);
  });
});

describe('rule 3: manage_permissions and every permission in the value', () => {
  it.each(['grant', 'revoke'] as const)('%s: allowed with both', (mode) => {
    expect(allowed(app(P.ManagePermissions | P.ManageTeams), P.ManageTeams, mode)).toBe(true);
    expect(allowed(user(P.ManagePermissions | P.ManageTeams | P.ManageAwards), P.ManageTeams | P.ManageAwards, mode)).toBe(true);
  });

  it.each(['grant', 'revoke'] as const)('%s: refused without manage_permissions', (mode) => {
    expect(allowed(app(95 & ~P.ManagePermissions), P.ManageTeams, mode)).toBe(false);
  });

  it.each(['grant', 'revoke'] as const)('%s: refused when one bit of the value is not held', (mode) => {
    expect(allowed(app(P.ManagePermissions | P.ManageTeams), P.ManageTeams | P.ManageAwards, mode)).toBe(false);
  });

  it('manage_permissions alone may grant manage_permissions', () => {
    expect(allowed(user(P.ManagePermissions), P.ManagePermissions)).toBe(true);
  });

  it('refuses a caller-less change', () => {
    expect(allowed(undefined, P.ManageTeams)).toBe(false);
  });
});

describe('rule 4: manage_own_team (value exactly 32)', () => {
  it.each(['grant', 'revoke'] as const)('%s: allowed to a member of the target team holding manage_own_team', (mode) => {
    expect(allowed(user(P.ManageOwnTeam, 7), P.ManageOwnTeam, mode, 7)).toBe(true);
  });

  it.each(['grant', 'revoke'] as const)('%s: refused to a manage_own_team holder of another team', (mode) => {
    expect(allowed(user(P.ManageOwnTeam, 8), P.ManageOwnTeam, mode, 7)).toBe(false);
  });

  it('refused to a manage_own_team holder when the target has no team, even if the caller has none either', () => {
    expect(allowed(user(P.ManageOwnTeam, null), P.ManageOwnTeam, 'grant', null)).toBe(false);
  });

  it('refused to a member of the target team without manage_own_team', () => {
    expect(allowed(user(P.ManageAccountDetails, 7), P.ManageOwnTeam, 'grant', 7)).toBe(false);
  });

  it.each(['grant', 'revoke'] as const)('%s: allowed with manage_permissions and manage_teams, in any team', (mode) => {
    expect(allowed(app(P.ManagePermissions | P.ManageTeams), P.ManageOwnTeam, mode, 7)).toBe(true);
    expect(allowed(user(P.ManagePermissions | P.ManageTeams, null), P.ManageOwnTeam, mode, null)).toBe(true);
  });

  it('refused with manage_permissions alone or manage_teams alone', () => {
    expect(allowed(app(P.ManagePermissions), P.ManageOwnTeam, 'grant', 7)).toBe(false);
    expect(allowed(app(P.ManageTeams), P.ManageOwnTeam, 'grant', 7)).toBe(false);
  });

  it('applies only to exactly 32: 32|64 falls back to rule 3', () => {
    expect(allowed(user(P.ManageOwnTeam | P.ManageAwards, 7), P.ManageOwnTeam | P.ManageAwards, 'grant', 7)).toBe(false);
    expect(allowed(user(P.ManagePermissions | P.ManageOwnTeam | P.ManageAwards, 7), P.ManageOwnTeam | P.ManageAwards, 'grant', 7)).toBe(
      true,
    );
  });

  it('an app never counts as a team member', () => {
    expect(allowed(app(P.ManageOwnTeam), P.ManageOwnTeam, 'grant', 7)).toBe(false);
  });
});
