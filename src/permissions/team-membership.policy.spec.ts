import { describe, expect, it } from 'vitest';

import type { Principal } from '../common/principal.js';
import { Permission as P } from './permission.js';
import { mayChangeTeam } from './team-membership.policy.js';

const app = (permissions: number): Principal => ({ kind: 'app', permissions, appId: 1 });
const user = (accountId: string, permissions: number, teamId: number | null): Principal => ({
  kind: 'user',
  permissions,
  accountId,
  teamId,
  sessionId: 1,
});

describe('team membership rule (docs/api.md#permissions)', () => {
  it('manage_account_teams may move anyone anywhere', () => {
    expect(mayChangeTeam(app(P.ManageAccountTeams), '5', 1, 2)).toBe(true);
    expect(mayChangeTeam(user('9', P.ManageAccountTeams, null), '5', null, 2)).toBe(true);
    expect(mayChangeTeam(user('9', P.ManageAccountTeams, null), '5', 1, 0)).toBe(true);
  });

  it('without it, another account may not be moved', () => {
    expect(mayChangeTeam(app(95 & ~P.ManageAccountTeams), '5', 1, 2)).toBe(false);
    expect(mayChangeTeam(user('9', 0, 1), '5', 1, 2)).toBe(false);
  });

  it('an account may join any team and leave its own', () => {
    expect(mayChangeTeam(user('5', 0, null), '5', null, 3)).toBe(true);
    expect(mayChangeTeam(user('5', 0, 1), '5', 1, 3)).toBe(true);
    expect(mayChangeTeam(user('5', 0, 1), '5', 1, 0)).toBe(true);
  });

  it('a manage_own_team member of the current team may remove a member (team 0)', () => {
    expect(mayChangeTeam(user('9', P.ManageOwnTeam, 1), '5', 1, 0)).toBe(true);
  });

  it('but may not move that member to another team', () => {
    expect(mayChangeTeam(user('9', P.ManageOwnTeam, 1), '5', 1, 2)).toBe(false);
  });

  it('nor remove a member of another team', () => {
    expect(mayChangeTeam(user('9', P.ManageOwnTeam, 2), '5', 1, 0)).toBe(false);
  });

  it('nor act on an account without a team, even when without a team itself', () => {
    expect(mayChangeTeam(user('9', P.ManageOwnTeam, null), '5', null, 0)).toBe(false);
  });

  it('a member of the team without manage_own_team may not remove a member', () => {
    expect(mayChangeTeam(user('9', P.ManageAccountDetails, 1), '5', 1, 0)).toBe(false);
  });

  it('an app holding only manage_own_team is no member', () => {
    expect(mayChangeTeam(app(P.ManageOwnTeam), '5', 1, 0)).toBe(false);
  });
});
