import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdateSkipLocked } from '../database/lock.js';
import { Transactions } from '../database/transactions.js';
import { DeliveryRecoveryEntity } from './delivery-recovery.entity.js';

/** A recovery as `recover` records it (no batch done yet). */
export type NewRecovery = Pick<DeliveryRecoveryEntity, 'appId' | 'event' | 'since' | 'maxId' | 'deliveries' | 'createdAt'>;

/**
 * Every statement on `delivery_recoveries` (docs/api.md#delivery-log: `recover`):
 * the request's insert, and the batches' claim and progress. Times are
 * seconds since the UNIX epoch.
 */
@Injectable()
export class DeliveryRecoveriesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Records a recovery in the current transaction. @returns its id. */
  @GenerateSql({
    params: [{ appId: S.APP, event: S.EVENT_TYPE, since: S.NOW - 86_400, maxId: S.DELIVERY_FAILED, deliveries: 1, createdAt: S.NOW }],
  })
  async insert(recovery: NewRecovery): Promise<number> {
    const result = await this.transactions.manager.insert(DeliveryRecoveryEntity, { ...recovery, afterId: 0, finishedAt: null });
    return result.identifiers[0].id as number;
  }

  /** The ids of up to `limit` unfinished recoveries after `afterId`, oldest first. */
  @GenerateSql({ params: [0, 10] })
  async findOpen(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.transactions.manager.find(DeliveryRecoveryEntity, {
      select: { id: true },
      where: { finishedAt: IsNull(), id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Recovery `id` if it is unfinished and no other process works on it now
   * (`FOR UPDATE SKIP LOCKED` on MySQL, in the current transaction), else `null`.
   */
  @GenerateSql({ params: [1] })
  claim(id: number): Promise<DeliveryRecoveryEntity | null> {
    return this.transactions.manager.findOne(DeliveryRecoveryEntity, {
      where: { id, finishedAt: IsNull() },
      ...forUpdateSkipLocked(),
    });
  }

  /** Records that deliveries up to `afterId` were redelivered. */
  @GenerateSql({ params: [1, S.DELIVERY_FAILED] })
  async advance(id: number, afterId: number): Promise<void> {
    await this.transactions.manager.update(DeliveryRecoveryEntity, { id }, { afterId });
  }

  /** Marks recovery `id` done at `now`. */
  @GenerateSql({ params: [1, S.NOW] })
  async finish(id: number, now: number): Promise<void> {
    await this.transactions.manager.update(DeliveryRecoveryEntity, { id }, { finishedAt: now });
  }

  /** Deletes recoveries finished before `cutoff` (seconds). @returns how many. */
  @GenerateSql({ params: [S.NOW] })
  async deleteFinished(cutoff: number): Promise<number> {
    const result = await this.transactions.manager
      .createQueryBuilder()
      .delete()
      .from(DeliveryRecoveryEntity)
      .where('finished_at < :cutoff', { cutoff })
      .execute();
    return result.affected ?? 0;
  }
}
