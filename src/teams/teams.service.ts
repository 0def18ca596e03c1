import { ForbiddenException, Injectable } from '@nestjs/common';

import type { Principal } from '../common/principal.js';
import { Clock } from '../clock/clock.js';
import { requireFound } from '../common/require-found.js';
import { Transactions } from '../database/transactions.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import { EventsService } from '../events/events.service.js';
import type { Page } from '../http/pagination.js';
import { mayManageTeam } from '../permissions/team-ownership.policy.js';
import type { TeamResource } from '../read-model/resources.js';
import { TeamSearchReader } from '../read-model/team-search.reader.js';
import { TeamSerializer } from '../read-model/team.serializer.js';
import { AccountSerializer } from '../read-model/account.serializer.js';
import type { SearchTeamsQuery } from './dto/search-teams.query.js';
import type { TeamEntity } from './team.entity.js';
import { TeamMembers } from './team-members.js';
import { TeamsRepository } from './teams.repository.js';

/** Teams (docs/api.md#routes-teams): every write is one transaction. */
@Injectable()
export class TeamsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: TeamsRepository,
    private readonly members: TeamMembers,
    private readonly serializer: TeamSerializer,
    private readonly accountSerializer: AccountSerializer,
    private readonly searchReader: TeamSearchReader,
    private readonly events: EventsService,
    private readonly clock: Clock,
  ) {}

  /** Creates a team. @returns the new Team object. */
  async create(name: string): Promise<TeamResource> {
    return this.transactions.run(async () => {
      const team = await this.repository.insert({ name, createdAt: this.clock.nowSeconds() });
      return this.serializer.serializeOne(team);
    });
  }

  /** @throws UnprocessableEntityError (422) when the team does not exist. */
  async get(id: number): Promise<TeamResource> {
    return requireFound(await this.serializer.loadOne(id), ['path', 'team'], 'Team');
  }

  /** A page of teams whose name contains `q`, ordered by (name, id) (docs/api.md#pagination). */
  async search(query: SearchTeamsQuery): Promise<Page<TeamResource>> {
    return this.searchReader.search(query);
  }

  /**
   * Renames a team (docs/api.md#permissions: `manage_teams`, or `manage_own_team` as a member).
   *
   * @throws UnprocessableEntityError (422) unknown team; ForbiddenException (403).
   */
  async update(caller: Principal, id: number, name: string | undefined): Promise<TeamResource> {
    return this.transactions.run(async () => {
      const team = await this.require(id, ['path', 'team'], true);
      this.assertMayManage(caller, id);
      if (name !== undefined && name !== team.name) {
        team.name = name;
        await this.repository.rename(id, name);
      }
      return this.serializer.serializeOne(team);
    });
  }

  /**
   * Deletes a team: its members are left without a team (one
   * `account_team_update` each) and its awards without a team (docs/api.md#permissions, docs/api.md#events).
   *
   * @throws UnprocessableEntityError (422) unknown team; ForbiddenException (403).
   */
  async delete(caller: Principal, id: number): Promise<void> {
    await this.transactions.run(async () => {
      await this.require(id, ['path', 'team'], true);
      this.assertMayManage(caller, id);
      const members = await this.members.lockMembers(id);
      await this.repository.delete(id);
      if (members.length > 0) await this.events.accountTeamChanged(await this.accountSerializer.serialize(members));
    });
  }

  /**
   * Loads a team inside the current transaction.
   *
   * @param loc where the id came from, for the 422 (e.g. `['body', 'team']`).
   * @throws UnprocessableEntityError (422) when it does not exist.
   */
  async require(id: number, loc: (string | number)[], lock = false): Promise<TeamEntity> {
    return requireFound(await this.repository.findById(id, lock), loc, 'Team');
  }

  /**
   * Checks, outside any transaction, that team `id` exists (one statement).
   *
   * @param loc where the id came from, for the 422 (e.g. `['query', 'team']`).
   * @throws UnprocessableEntityError (422) when it does not.
   */
  async requireExisting(id: number, loc: (string | number)[]): Promise<void> {
    if (!(await this.repository.exists(id))) throw UnprocessableEntityError.notFound(loc, 'Team');
  }

  private assertMayManage(caller: Principal, teamId: number): void {
    if (!mayManageTeam(caller, teamId)) {
      throw new ForbiddenException('You need manage_teams, or manage_own_team as a member of this team.');
    }
  }
}
