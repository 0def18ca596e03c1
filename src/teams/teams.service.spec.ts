import { beforeEach, describe, expect, it } from 'vitest';

import { FakeTransactions } from '../../test/support/fake-transactions.js';
import { domainRejection } from '../../test/support/rejection.js';
import type { Clock } from '../clock/clock.js';
import type { Principal } from '../common/principal.js';
import type { EventsService } from '../events/events.service.js';
import { ForbiddenError, InvalidInputError } from '../errors/domain-errors.js';
import { Permission as P } from '../permissions/permission.js';
import type { AccountSerializer } from '../read-model/account.serializer.js';
import type { AccountFields } from '../read-model/read-model.types.js';
import type { TeamResource } from '../read-model/resources.js';
import type { TeamSearchReader } from '../read-model/team-search.reader.js';
import type { TeamSerializer } from '../read-model/team.serializer.js';
import type { TeamEntity } from './team.entity.js';
import type { TeamMembers } from './team-members.js';
import type { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

const NOW = 1_700_000_000.25;
/** The service's transactions; every transactional read and write must run inside one. */
const transactions = new FakeTransactions();

/** The `teams` table and, as the {@link TeamMembers} port, each team's members, in memory. */
class FakeTeamsRepository implements Pick<TeamsRepository, 'insert' | 'findById' | 'rename' | 'delete'>, TeamMembers {
  readonly teams = new Map<number, TeamEntity>();
  readonly members = new Map<number, AccountFields[]>();
  readonly calls: string[] = [];
  private nextId = 1;

  async insert(fields: Omit<TeamEntity, 'id'>): Promise<TeamEntity> {
    expect(transactions.active).toBe(true);
    const team = { id: this.nextId++, ...fields };
    this.teams.set(team.id, { ...team });
    this.calls.push(`insert ${team.id}`);
    return team;
  }

  async findById(id: number, lock = false): Promise<TeamEntity | null> {
    expect(transactions.active).toBe(true);
    this.calls.push(`findById ${id}${lock ? ' locked' : ''}`);
    const team = this.teams.get(id);
    return team ? { ...team } : null;
  }

  async rename(id: number, name: string): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`rename ${id} ${name}`);
    this.teams.get(id)!.name = name;
  }

  async lockMembers(id: number): Promise<AccountFields[]> {
    expect(transactions.active).toBe(true);
    this.calls.push(`lockMembers ${id}`);
    return (this.members.get(id) ?? []).map((member) => ({ ...member, teamId: null }));
  }

  async delete(id: number): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`delete ${id}`);
    this.teams.delete(id);
    this.members.delete(id);
  }
}

const teamResource = (team: { id: number; name: string; createdAt: number }): TeamResource => ({
  id: team.id,
  name: team.name,
  created_at: team.createdAt,
  member_count: 0,
  awards: [],
});

const member = (id: string, teamId: number): AccountFields => ({
  id,
  name: `member ${id}`,
  discriminator: '0001',
  avatarUrl: null,
  teamId,
  permissions: 0,
  createdAt: 1,
});

const app = (permissions: number): Principal => ({ kind: 'app', permissions, appId: 1 });
const user = (permissions: number, teamId: number | null): Principal => ({
  kind: 'user',
  permissions,
  accountId: '42',
  teamId,
  sessionId: 1,
});

const notFound = (field: (string | number)[]) => [{ field, message: 'Team not found.', type: 'value_error.not_found' }];

describe('TeamsService', () => {
  let repository: FakeTeamsRepository;
  let events: { inTransaction: boolean; accounts: readonly unknown[] }[];
  let service: TeamsService;

  beforeEach(() => {
    repository = new FakeTeamsRepository();
    events = [];
    const serializer = {
      serializeOne: async (team: TeamEntity) => {
        expect(transactions.active).toBe(true);
        return teamResource(team);
      },
      loadOne: async (id: number) => {
        const team = repository.teams.get(id);
        return team ? teamResource(team) : undefined;
      },
    };
    const accountSerializer = {
      serialize: async (accounts: AccountFields[]) => {
        expect(transactions.active).toBe(true);
        return accounts.map((account) => ({ id: account.id, team: account.teamId }));
      },
    };
    const eventsService = {
      accountTeamChanged: async (accounts: readonly unknown[]) => void events.push({ inTransaction: transactions.active, accounts }),
    };
    const clock = { nowSeconds: () => NOW };
    service = new TeamsService(
      transactions.asTransactions(),
      repository as unknown as TeamsRepository,
      repository,
      serializer as unknown as TeamSerializer,
      accountSerializer as unknown as AccountSerializer,
      {} as TeamSearchReader,
      eventsService as unknown as EventsService,
      clock as Clock,
    );
    repository.teams.set(3, { id: 3, name: 'Red', createdAt: 100 });
    repository.teams.set(4, { id: 4, name: 'Blue', createdAt: 200 });
  });

  describe('create', () => {
    it('inserts the team with the clock time and returns it serialized in the same transaction', async () => {
      expect(await service.create('Green')).toEqual({ id: 1, name: 'Green', created_at: NOW, member_count: 0, awards: [] });
      expect(repository.teams.get(1)).toEqual({ id: 1, name: 'Green', createdAt: NOW });
      expect(events).toEqual([]);
    });
  });

  describe('get', () => {
    it('returns the team', async () => {
      expect(await service.get(3)).toEqual({ id: 3, name: 'Red', created_at: 100, member_count: 0, awards: [] });
    });

    it('is a 422 at ["path", "team"] for an unknown id', async () => {
      const error = await domainRejection(service.get(99));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['team']));
    });
  });

  describe('update (docs/api.md#permissions: manage_teams, or manage_own_team as a member)', () => {
    it.each([
      ['an app with manage_teams', app(P.ManageTeams)],
      ['a user with manage_teams, not a member', user(P.ManageTeams, null)],
      ['a user with manage_teams, member of another team', user(P.ManageTeams, 4)],
      ['a member of the team with manage_own_team', user(P.ManageOwnTeam, 3)],
    ])('allows %s', async (_name, caller) => {
      expect(await service.update(caller, 3, 'Crimson')).toEqual({ id: 3, name: 'Crimson', created_at: 100, member_count: 0, awards: [] });
      expect(repository.calls).toEqual(['findById 3 locked', 'rename 3 Crimson']);
    });

    it.each([
      ['manage_own_team in another team', user(P.ManageOwnTeam, 4)],
      ['manage_own_team in no team', user(P.ManageOwnTeam, null)],
      ['a member without manage_own_team or manage_teams', user(127 & ~P.ManageOwnTeam & ~P.ManageTeams, 3)],
      ['an app with every app permission but manage_teams', app(95 & ~P.ManageTeams)],
      ['an app with manage_own_team (not an account, so never a member)', app(P.ManageOwnTeam)],
      ['a caller without permissions', user(0, 3)],
    ])('is a 403 for %s, and nothing is renamed', async (_name, caller) => {
      const error = await domainRejection(service.update(caller, 3, 'Crimson'));
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.message).toBe('You need manage_teams, or manage_own_team as a member of this team.');
      expect(repository.teams.get(3)!.name).toBe('Red');
      expect(repository.calls).toEqual(['findById 3 locked']);
    });

    it('is a 422 at ["path", "team"] for an unknown team, checked before the permission', async () => {
      const error = await domainRejection(service.update(user(0, null), 99, 'Crimson'));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['team']));
      expect(repository.calls).toEqual(['findById 99 locked']);
    });

    it('writes nothing when the name is the same or not given, and still returns the team', async () => {
      const unchanged = { id: 3, name: 'Red', created_at: 100, member_count: 0, awards: [] };
      expect(await service.update(app(P.ManageTeams), 3, 'Red')).toEqual(unchanged);
      expect(await service.update(app(P.ManageTeams), 3, undefined)).toEqual(unchanged);
      expect(repository.calls).toEqual(['findById 3 locked', 'findById 3 locked']);
    });

    it('emits no event on a rename', async () => {
      repository.members.set(3, [member('7', 3)]);
      await service.update(app(P.ManageTeams), 3, 'Crimson');
      expect(events).toEqual([]);
    });
  });

  describe('delete', () => {
    it('deletes the team and emits one account_team_update batch with every member, now without a team', async () => {
      repository.members.set(3, [member('7', 3), member('8', 3)]);
      await service.delete(user(P.ManageOwnTeam, 3), 3);
      expect(repository.teams.has(3)).toBe(false);
      expect(repository.calls).toEqual(['findById 3 locked', 'lockMembers 3', 'delete 3']);
      expect(events).toEqual([
        {
          inTransaction: true,
          accounts: [
            { id: '7', team: null },
            { id: '8', team: null },
          ],
        },
      ]);
    });

    it('emits no event when the team has no members', async () => {
      await service.delete(app(P.ManageTeams), 3);
      expect(repository.teams.has(3)).toBe(false);
      expect(events).toEqual([]);
    });

    it('is a 403 without manage_teams or membership with manage_own_team: nothing deleted, no event', async () => {
      repository.members.set(3, [member('7', 3)]);
      const error = await domainRejection(service.delete(user(P.ManageOwnTeam, 4), 3));
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(repository.teams.has(3)).toBe(true);
      expect(repository.calls).toEqual(['findById 3 locked']);
      expect(events).toEqual([]);
    });

    it('is a 422 at ["path", "team"] for an unknown team, checked before the permission', async () => {
      const error = await domainRejection(service.delete(user(0, null), 99));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['team']));
      expect(events).toEqual([]);
    });
  });

  describe('require', () => {
    it("returns the team, locked when asked, in the caller's transaction", async () => {
      expect(await transactions.run(() => service.require(4, true))).toEqual({ id: 4, name: 'Blue', createdAt: 200 });
      expect(await transactions.run(() => service.require(4))).toEqual({ id: 4, name: 'Blue', createdAt: 200 });
      expect(repository.calls).toEqual(['findById 4 locked', 'findById 4']);
    });

    it('is invalid input at the field `team` when the team does not exist', async () => {
      const error = await domainRejection(transactions.run(() => service.require(99)));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['team']));
    });
  });
});
