import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { toStoredAccountId } from '../common/account-id.js';
import { forUpdate } from '../database/lock.js';
import { AwardEntity } from './award.entity.js';
import { AwardeeEntity } from './awardee.entity.js';

/** Every statement on the `awards` and `awardees` tables; methods run inside the caller's transaction. */
@Injectable()
export class AwardsRepository {
  /** Inserts an award. @returns it with its new id. */
  async insert(manager: EntityManager, fields: Omit<AwardEntity, 'id'>): Promise<AwardEntity> {
    const award = manager.create(AwardEntity, fields);
    await manager.insert(AwardEntity, award);
    return award;
  }

  /** @returns the award, row-locked until commit when `lock` (MySQL), or `null`. */
  findById(manager: EntityManager, id: number, lock = false): Promise<AwardEntity | null> {
    return manager.findOne(AwardEntity, { where: { id }, ...(lock ? forUpdate(manager) : {}) });
  }

  /** Writes the changeable columns of `award`. */
  async update(manager: EntityManager, award: AwardEntity): Promise<void> {
    await manager.update(AwardEntity, { id: award.id }, { title: award.title, imageUrl: award.imageUrl, teamId: award.teamId });
  }

  /** Deletes the award; its awardee rows go by foreign-key cascade. */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(AwardEntity, { id });
  }

  /** Gives `awardId` to each of `accountIds` (distinct, canonical), in one statement. */
  async addHolders(manager: EntityManager, awardId: number, accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    await manager.insert(
      AwardeeEntity,
      accountIds.map((accountId) => ({ awardId, accountId })),
    );
  }

  /** Whether `accountId` holds `awardId`. */
  holds(manager: EntityManager, accountId: string, awardId: number): Promise<boolean> {
    return manager.exists(AwardeeEntity, { where: { awardId, accountId: toStoredAccountId(accountId) } });
  }

  /** Takes `awardId` from `accountId`. @returns false when it did not hold it. */
  async removeHolder(manager: EntityManager, accountId: string, awardId: number): Promise<boolean> {
    const result = await manager.delete(AwardeeEntity, { awardId, accountId: toStoredAccountId(accountId) });
    return !!result.affected;
  }
}
