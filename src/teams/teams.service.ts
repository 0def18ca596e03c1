import { ForbiddenException, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { AccountEntity } from '../accounts/account.entity.js';
import type { Principal } from '../common/principal.js';
import { Clock } from '../clock/clock.js';
import { forUpdate } from '../database/lock.js';
import { runInTransaction } from '../database/retrying-transaction.js';
import { EventsService } from '../events/events.service.js';
import type { Page } from '../http/pagination.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import { mayManageTeam } from '../permissions/team-ownership.policy.js';
import type { TeamResource } from '../serialization/resources.js';
import { TeamSearchReader } from '../serialization/team-search.reader.js';
import { TeamSerializer } from '../serialization/team.serializer.js';
import { AccountSerializer } from '../serialization/account.serializer.js';
import type { SearchTeamsQuery } from './dto/search-teams.query.js';
import { TeamEntity } from './team.entity.js';

/** Teams (interface §4.2): every write is one transaction. */
@Injectable()
export class TeamsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly serializer: TeamSerializer,
    private readonly accountSerializer: AccountSerializer,
    private readonly searchReader: TeamSearchReader,
    private readonly events: EventsService,
    private readonly clock: Clock,
  ) {}

  /** Creates a team. @returns the new Team object. */
  async create(name: string): Promise<TeamResource> {
    return runInTransaction(this.dataSource, async (manager) => {
      const team = manager.create(TeamEntity, { name, createdAt: this.clock.nowSeconds() });
      await manager.insert(TeamEntity, team);
      return this.serializer.serializeOne(team, manager);
    });
  }

  /** @throws UnprocessableEntityError (422) when the team does not exist. */
  async get(id: number): Promise<TeamResource> {
    const team = await this.serializer.loadOne(id);
    if (!team) throw UnprocessableEntityError.notFound(['path', 'team'], 'Team');
    return team;
  }

  /** A page of teams whose name contains `q`, ordered by (name, id) (contract §3). */
  async search(query: SearchTeamsQuery): Promise<Page<TeamResource>> {
    return this.searchReader.search(query);
  }

  /**
   * Renames a team (contract §5: `manage_teams`, or `manage_own_team` as a member).
   *
   * @throws UnprocessableEntityError (422) unknown team; ForbiddenException (403).
   */
  async update(caller: Principal, id: number, name: string | undefined): Promise<TeamResource> {
    return runInTransaction(this.dataSource, async (manager) => {
      const team = await this.require(manager, id, ['path', 'team'], true);
      this.assertMayManage(caller, id);
      if (name !== undefined && name !== team.name) {
        team.name = name;
        await manager.update(TeamEntity, { id }, { name });
      }
      return this.serializer.serializeOne(team, manager);
    });
  }

  /**
   * Deletes a team: its members are left without a team (one
   * `account_team_update` each) and its awards without a team (contract §5, §8).
   *
   * @throws UnprocessableEntityError (422) unknown team; ForbiddenException (403).
   */
  async delete(caller: Principal, id: number): Promise<void> {
    await runInTransaction(this.dataSource, async (manager) => {
      await this.require(manager, id, ['path', 'team'], true);
      this.assertMayManage(caller, id);
      const members = await manager.find(AccountEntity, { where: { teamId: id }, ...forUpdate(manager) });
      // The foreign keys leave members and awards without a team (ON DELETE SET NULL).
      await manager.delete(TeamEntity, { id });
      for (const member of members) member.teamId = null;
      if (members.length > 0) await this.events.accountTeamChanged(manager, await this.accountSerializer.serialize(members, manager));
    });
  }

  /**
   * Loads a team inside `manager`'s transaction.
   *
   * @param loc where the id came from, for the 422 (e.g. `['body', 'team']`).
   * @throws UnprocessableEntityError (422) when it does not exist.
   */
  async require(manager: EntityManager, id: number, loc: (string | number)[], lock = false): Promise<TeamEntity> {
    const team = await manager.findOne(TeamEntity, { where: { id }, ...(lock ? forUpdate(manager) : {}) });
    if (!team) throw UnprocessableEntityError.notFound(loc, 'Team');
    return team;
  }

  private assertMayManage(caller: Principal, teamId: number): void {
    if (!mayManageTeam(caller, teamId)) {
      throw new ForbiddenException('You need manage_teams, or manage_own_team as a member of this team.');
    }
  }
}
