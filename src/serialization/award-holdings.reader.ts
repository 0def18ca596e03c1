import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';

import { fromStoredAccountId, toStoredAccountId } from '../accounts/account-id.js';
import { AwardEntity } from '../awards/award.entity.js';
import { AwardeeEntity } from '../awards/awardee.entity.js';
import type { AwardResource } from './resources.js';

/**
 * Loads the awards held by many accounts or given to many teams in one query
 * each, whatever the number of rows (contract §2 objects without N+1 queries).
 */
@Injectable()
export class AwardHoldingsReader {
  /** @returns account id → its awards ordered by award id (absent ids map to nothing). */
  async forAccounts(manager: EntityManager, accountIds: string[]): Promise<Map<string, AwardResource[]>> {
    const byAccount = new Map<string, AwardResource[]>();
    if (accountIds.length === 0) return byAccount;
    const rows = await manager
      .createQueryBuilder(AwardeeEntity, 'h')
      .innerJoin(AwardEntity, 'w', 'w.id = h.award_id')
      .select(['h.account_id AS account_id', 'w.id AS id', 'w.title AS title', 'w.image_url AS image_url'])
      .where('h.account_id IN (:...ids)', { ids: [...new Set(accountIds)].map(toStoredAccountId) })
      .orderBy('w.id', 'ASC')
      .getRawMany<{ account_id: string; id: number | string; title: string; image_url: string }>();
    for (const row of rows) {
      const accountId = fromStoredAccountId(row.account_id);
      const list = byAccount.get(accountId) ?? [];
      list.push({ id: Number(row.id), title: row.title, image_url: row.image_url });
      byAccount.set(accountId, list);
    }
    return byAccount;
  }

  /** @returns team id → awards given to it ordered by award id. */
  async forTeams(manager: EntityManager, teamIds: number[]): Promise<Map<number, AwardResource[]>> {
    const byTeam = new Map<number, AwardResource[]>();
    if (teamIds.length === 0) return byTeam;
    const awards = await manager.find(AwardEntity, { where: { teamId: In([...new Set(teamIds)]) }, order: { id: 'ASC' } });
    for (const award of awards) {
      const list = byTeam.get(award.teamId!) ?? [];
      list.push({ id: award.id, title: award.title, image_url: award.imageUrl });
      byTeam.set(award.teamId!, list);
    }
    return byTeam;
  }
}
