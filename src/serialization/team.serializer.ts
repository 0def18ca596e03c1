import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { AccountEntity } from '../accounts/account.entity.js';
import type { TeamEntity } from '../teams/team.entity.js';
import { AwardHoldingsReader } from './award-holdings.reader.js';
import type { TeamResource } from './resources.js';

/** Builds Team objects (contract §2) for any number of teams in two queries. */
@Injectable()
export class TeamSerializer {
  constructor(
    private readonly manager: EntityManager,
    private readonly awardHoldings: AwardHoldingsReader,
  ) {}

  /** One Team object per entity, in the same order. */
  async serialize(teams: TeamEntity[], manager: EntityManager = this.manager): Promise<TeamResource[]> {
    if (teams.length === 0) return [];
    const ids = teams.map((team) => team.id);
    const [counts, awards] = await Promise.all([this.memberCounts(manager, ids), this.awardHoldings.forTeams(manager, ids)]);
    return teams.map((team) => ({
      id: team.id,
      name: team.name,
      created_at: team.createdAt,
      member_count: counts.get(team.id) ?? 0,
      awards: awards.get(team.id) ?? [],
    }));
  }

  /** Convenience for a single team. */
  async serializeOne(team: TeamEntity, manager: EntityManager = this.manager): Promise<TeamResource> {
    return (await this.serialize([team], manager))[0];
  }

  private async memberCounts(manager: EntityManager, teamIds: number[]): Promise<Map<number, number>> {
    const rows = await manager
      .createQueryBuilder(AccountEntity, 'a')
      .select('a.team_id', 'team_id')
      .addSelect('COUNT(*)', 'members')
      .where('a.team_id IN (:...ids)', { ids: [...new Set(teamIds)] })
      .groupBy('a.team_id')
      .getRawMany<{ team_id: number | string; members: number | string }>();
    return new Map(rows.map((row) => [Number(row.team_id), Number(row.members)]));
  }
}
