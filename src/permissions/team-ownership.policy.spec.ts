import { describe, expect, it } from 'vitest';

import type { Principal } from '../common/principal.js';
import { Permission as P } from './permission.js';
import { mayManageTeam } from './team-ownership.policy.js';

const app = (permissions: number): Principal => ({ kind: 'app', permissions, appId: 1 });
const user = (permissions: number, teamId: number | null): Principal => ({
  kind: 'user',
  permissions,
  accountId: '1',
  teamId,
  sessionId: 1,
});

describe('team ownership (docs/api.md#permissions)', () => {
  it('manage_teams may manage any team', () => {
    expect(mayManageTeam(app(P.ManageTeams), 3)).toBe(true);
    expect(mayManageTeam(user(P.ManageTeams, null), 3)).toBe(true);
  });

  it('manage_own_team may manage the team its holder belongs to', () => {
    expect(mayManageTeam(user(P.ManageOwnTeam, 3), 3)).toBe(true);
  });

  it('manage_own_team may not manage another team', () => {
    expect(mayManageTeam(user(P.ManageOwnTeam, 4), 3)).toBe(false);
    expect(mayManageTeam(user(P.ManageOwnTeam, null), 3)).toBe(false);
  });

  it('membership alone is not enough', () => {
    expect(mayManageTeam(user(P.ManageAccountTeams | P.ManagePermissions, 3), 3)).toBe(false);
  });

  it('an app without manage_teams may not', () => {
    expect(mayManageTeam(app(95 & ~P.ManageTeams), 3)).toBe(false);
  });
});
