import { ForbiddenException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Clock } from '../clock/clock.js';
import type { AppPrincipal, UserPrincipal } from '../common/principal.js';
import type { Transactions } from '../database/transactions.js';
import type { EventsService } from '../events/events.service.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import { Permission } from '../permissions/permission.js';
import type { AccountSerializer } from '../read-model/account.serializer.js';
import type { TeamSearchReader } from '../read-model/team-search.reader.js';
import type { TeamSerializer } from '../read-model/team.serializer.js';
import type { TeamEntity } from './team.entity.js';
import type { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/** Teams and their members in memory, recording every write. */
class FakeTeamsRepository {
  readonly teams = new Map<number, TeamEntity>();
  readonly members = new Map<number, { id: string; name: string }[]>();
  readonly writes: string[] = [];

  async findById(_manager: EntityManager, id: number): Promise<TeamEntity | null> {
    const team = this.teams.get(id);
    return team ? { ...team } : null;
  }
  async rename(_manager: EntityManager, id: number, name: string): Promise<void> {
    this.writes.push(`rename ${id} ${name}`);
    this.teams.get(id)!.name = name;
  }
  async lockMembers(_manager: EntityManager, id: number): Promise<{ id: string; name: string }[]> {
    return this.members.get(id) ?? [];
  }
  async delete(_manager: EntityManager, id: number): Promise<void> {
    this.writes.push(`delete ${id}`);
    this.teams.delete(id);
  }
}

const app = (permissions: number): AppPrincipal => ({ kind: 'app', appId: 1, permissions });
const user = (permissions: number, teamId: number | null): UserPrincipal => ({
  kind: 'user',
  accountId: '7',
  teamId,
  sessionId: 1,
  permissions,
});
const teamNotFound = { detail: [{ loc: ['path', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }] };

/** The rules of TeamsService (interface §4.2, contract §5, §8), with a fake repository and no database. */
describe('TeamsService', () => {
  let repository: FakeTeamsRepository;
  let events: unknown[][];
  let service: TeamsService;

  beforeEach(() => {
    repository = new FakeTeamsRepository();
    repository.teams.set(1, { id: 1, name: 'Red', createdAt: 100 });
    repository.teams.set(2, { id: 2, name: 'Blue', createdAt: 100 });
    events = [];
    const transactions = { run: (work: (manager: EntityManager) => Promise<unknown>) => work({} as EntityManager) };
    const serializer = { serializeOne: async (team: TeamEntity) => ({ id: team.id, name: team.name }) };
    const accountSerializer = {
      serialize: async (accounts: { id: string }[]) => accounts.map((account) => ({ id: account.id, team: null })),
    };
    const eventsService = { accountTeamChanged: async (_manager: EntityManager, accounts: unknown[]) => void events.push(accounts) };
    service = new TeamsService(
      transactions as unknown as Transactions,
      repository as unknown as TeamsRepository,
      serializer as unknown as TeamSerializer,
      accountSerializer as unknown as AccountSerializer,
      {} as TeamSearchReader,
      eventsService as unknown as EventsService,
      { nowSeconds: () => 100 } as Clock,
    );
  });

  async function rejection(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof ForbiddenException || error instanceof UnprocessableEntityError))
      throw new Error(`expected an HTTP error, got ${String(error)}`);
    return { status: error.getStatus(), body: error.getResponse() };
  }

  describe('update (rename)', () => {
    it('renames with manage_teams', async () => {
      expect(await service.update(app(Permission.ManageTeams), 2, 'Green')).toEqual({ id: 2, name: 'Green' });
      expect(repository.writes).toEqual(['rename 2 Green']);
    });

    it('renames with manage_own_team as a member of that team', async () => {
      expect(await service.update(user(Permission.ManageOwnTeam, 1), 1, 'Crimson')).toEqual({ id: 1, name: 'Crimson' });
    });

    it('refuses manage_own_team for another team, and a caller with neither bit', async () => {
      for (const caller of [user(Permission.ManageOwnTeam, 2), user(Permission.ManageOwnTeam, null), app(Permission.ManageAwards)]) {
        const { status } = await rejection(service.update(caller, 1, 'Crimson'));
        expect(status).toBe(403);
      }
      expect(repository.writes).toEqual([]);
    });

    it('answers 422 for an unknown team before any permission check', async () => {
      expect(await rejection(service.update(app(0), 99, 'X'))).toEqual({ status: 422, body: teamNotFound });
    });

    it('writes nothing when the name is unchanged or absent', async () => {
      expect(await service.update(app(Permission.ManageTeams), 1, 'Red')).toEqual({ id: 1, name: 'Red' });
      expect(await service.update(app(Permission.ManageTeams), 1, undefined)).toEqual({ id: 1, name: 'Red' });
      expect(repository.writes).toEqual([]);
    });
  });

  describe('delete', () => {
    it('sends one account_team_update per member, each now without a team', async () => {
      repository.members.set(1, [
        { id: '7', name: 'Ann' },
        { id: '8', name: 'Bob' },
      ]);
      await service.delete(app(Permission.ManageTeams), 1);
      expect(repository.writes).toEqual(['delete 1']);
      expect(events).toEqual([
        [
          { id: '7', team: null },
          { id: '8', team: null },
        ],
      ]);
    });

    it('sends no event for a team without members', async () => {
      await service.delete(user(Permission.ManageOwnTeam, 2), 2);
      expect(repository.writes).toEqual(['delete 2']);
      expect(events).toEqual([]);
    });

    it('refuses a caller who may not manage the team, deleting nothing', async () => {
      repository.members.set(1, [{ id: '7', name: 'Ann' }]);
      expect((await rejection(service.delete(user(Permission.ManageOwnTeam, 2), 1))).status).toBe(403);
      expect(await rejection(service.delete(app(Permission.ManageTeams), 99))).toEqual({ status: 422, body: teamNotFound });
      expect(repository.writes).toEqual([]);
      expect(events).toEqual([]);
    });
  });
});
