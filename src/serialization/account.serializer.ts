import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';

import type { AccountEntity } from '../accounts/account.entity.js';
import { TeamEntity } from '../teams/team.entity.js';
import { AwardHoldingsReader } from './award-holdings.reader.js';
import type { AccountResource, TeamResource } from './resources.js';
import { TeamSerializer } from './team.serializer.js';

/**
 * Builds Account objects (contract §2) with their team and awards: a fixed
 * number of queries for any number of accounts (teams, member counts, team
 * awards, account awards).
 */
@Injectable()
export class AccountSerializer {
  constructor(
    private readonly manager: EntityManager,
    private readonly teamSerializer: TeamSerializer,
    private readonly awardHoldings: AwardHoldingsReader,
  ) {}

  /** One Account object per entity, in the same order. */
  async serialize(accounts: AccountEntity[], manager: EntityManager = this.manager): Promise<AccountResource[]> {
    if (accounts.length === 0) return [];
    const teamIds = [...new Set(accounts.map((account) => account.teamId).filter((id): id is number => id !== null))];
    const [teams, awards] = await Promise.all([
      this.teams(manager, teamIds),
      this.awardHoldings.forAccounts(manager, accounts.map((account) => account.id)),
    ]);
    return accounts.map((account) => ({
      id: account.id,
      name: account.name,
      discriminator: account.discriminator,
      avatar_url: account.avatarUrl,
      team: account.teamId === null ? null : (teams.get(account.teamId) ?? null),
      permissions: account.permissions,
      created_at: account.createdAt,
      awards: awards.get(account.id) ?? [],
    }));
  }

  /** Convenience for a single account. */
  async serializeOne(account: AccountEntity, manager: EntityManager = this.manager): Promise<AccountResource> {
    return (await this.serialize([account], manager))[0];
  }

  private async teams(manager: EntityManager, ids: number[]): Promise<Map<number, TeamResource>> {
    if (ids.length === 0) return new Map();
    const entities = await manager.find(TeamEntity, { where: { id: In(ids) } });
    const resources = await this.teamSerializer.serialize(entities, manager);
    return new Map(resources.map((team) => [team.id, team]));
  }
}
