import { Injectable } from '@nestjs/common';

import type { Principal } from '../common/principal.js';
import { Clock } from '../clock/clock.js';
import { Transactions } from '../database/transactions.js';
import { ForbiddenError, InvalidInputError, requireFound } from '../errors/domain-errors.js';
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

  /** @throws InvalidInputError (HTTP 422) when the team does not exist. */
  async get(id: number): Promise<TeamResource> {
    return requireFound(await this.serializer.loadOne(id), ['team'], 'Team');
  }

  /** A page of teams whose name contains `q`, ordered by (name, id) (docs/api.md#pagination). */
  async search(query: SearchTeamsQuery): Promise<Page<TeamResource>> {
    return this.searchReader.search(query);
  }

  /**
   * Renames a team (docs/api.md#permissions: `manage_teams`, or `manage_own_team` as a member).
   *
   * @throws InvalidInputError (HTTP 422) unknown team; ForbiddenError (403).
   */
  async update(caller: Principal, id: number, name: string | undefined): Promise<TeamResource> {
    return this.transactions.run(async () => {
      const team = await this.require(id, true);
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
   * @throws InvalidInputError (HTTP 422) unknown team; ForbiddenError (403).
   */
  async delete(caller: Principal, id: number): Promise<void> {
    await this.transactions.run(async () => {
      await this.require(id, true);
      this.assertMayManage(caller, id);
      const members = await this.members.lockMembers(id);
      await this.repository.delete(id);
      if (members.length > 0) await this.events.accountTeamChanged(await this.accountSerializer.serialize(members));
    });
  }

  /**
   * Loads the team a request names (field `team`) inside the current transaction.
   *
   * @throws InvalidInputError (HTTP 422 at `team`) when it does not exist.
   */
  async require(id: number, lock = false): Promise<TeamEntity> {
    return requireFound(await this.repository.findById(id, lock), ['team'], 'Team');
  }

  /**
   * Checks, outside any transaction, that the team a request names (field `team`) exists (one statement).
   *
   * @throws InvalidInputError (HTTP 422 at `team`) when it does not.
   */
  async requireExisting(id: number): Promise<void> {
    if (!(await this.repository.exists(id))) throw InvalidInputError.unknown(['team'], 'Team');
  }

  private assertMayManage(caller: Principal, teamId: number): void {
    if (!mayManageTeam(caller, teamId)) {
      throw new ForbiddenError('You need manage_teams, or manage_own_team as a member of this team.');
    }
  }
}
