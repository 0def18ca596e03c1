import { Injectable } from '@nestjs/common';
import {
  And,
  type EntityManager,
  type FindOptionsWhere,
  In,
  IsNull,
  LessThan,
  LessThanOrEqual,
  MoreThan,
  MoreThanOrEqual,
  Not,
} from 'typeorm';

import { forUpdateSkipLocked } from '../database/lock.js';
import { Transactions } from '../database/transactions.js';
import { DeliveryEntity } from './delivery.entity.js';
import type { DeliveryStatus } from './delivery-status.js';

/** A delivery round: what a queue job or a lease names. */
export type DeliveryRound = Pick<DeliveryEntity, 'id' | 'round'>;

/** A delivery round and the app it is for (what a dispatcher needs to share slots fairly between apps). */
export type AppDeliveryRound = Pick<DeliveryEntity, 'id' | 'round' | 'appId'>;

/**
 * What one attempt needs, read in one statement: the delivery, its callback's
 * URL and secret (`null` once the callback was deleted) and the event's type
 * and body.
 */
export interface AttemptInput {
  readonly delivery: Pick<DeliveryEntity, 'id' | 'round' | 'status' | 'attempts' | 'appId' | 'webhookId'>;
  readonly callback: { readonly url: string; readonly secret: string } | null;
  readonly event: { readonly type: string; readonly body: string };
}

/** The columns one attempt's outcome writes to its delivery row. */
export type AttemptChanges = Partial<
  Pick<DeliveryEntity, 'status' | 'attempts' | 'lastStatus' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt'>
>;

/** Pending deliveries by state, for the `callback_queue_jobs` gauge in embedded mode. */
export interface PendingCounts {
  readonly due: number;
  readonly later: number;
  readonly failed: number;
}

/**
 * Every statement on the `deliveries` table (docs/api.md#events): the relay's
 * inserts, the dispatchers' claims, the executor's read and outcome, and the
 * operators' list, prune and redelivery. Times are seconds since the UNIX
 * epoch.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Inserts new deliveries in the relay's transaction. */
  async insert(
    manager: EntityManager,
    deliveries: readonly Omit<DeliveryEntity, 'id' | 'lastStatus' | 'lastError' | 'leaseUntil' | 'enqueuedAt' | 'lastAttemptAt'>[],
  ): Promise<void> {
    if (deliveries.length > 0) await manager.insert(DeliveryEntity, [...deliveries]);
  }

  /** @returns the attempt's input (one `SELECT` joining the callback and the event), or `null` for an unknown delivery. */
  async findAttempt(id: number): Promise<AttemptInput | null> {
    const rows: AttemptRow[] = await this.transactions.manager.query(
      `SELECT d.id, d.round, d.status, d.attempts, d.app_id AS appId, d.webhook_id AS webhookId,
              c.url, c.secret, e.type, e.payload
         FROM deliveries d
         JOIN outbox_events e ON e.id = d.event_id
         LEFT JOIN callbacks c ON c.id = d.callback_id
        WHERE d.id = ?`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      delivery: {
        id: Number(row.id),
        round: Number(row.round),
        status: row.status,
        attempts: Number(row.attempts),
        appId: Number(row.appId),
        webhookId: row.webhookId,
      },
      callback: row.url === null || row.secret === null ? null : { url: row.url, secret: row.secret },
      event: { type: row.type, body: row.payload },
    };
  }

  /**
   * Writes an outcome to the delivery `round` if it is still pending in that
   * round (an operator may have started a new one meanwhile), releasing any
   * lease. One `UPDATE`.
   */
  async recordOutcome(round: DeliveryRound, outcome: AttemptChanges, now: number): Promise<void> {
    await this.transactions.manager.update(
      DeliveryEntity,
      { id: round.id, round: round.round, status: 'pending' },
      { ...outcome, leaseUntil: null, updatedAt: now },
    );
  }

  /**
   * Queue mode: claims up to `limit` pending rounds not on the queue yet,
   * marking them enqueued at `claimedAt` (rows read `FOR UPDATE SKIP LOCKED`
   * on MySQL, so two processes never claim the same round).
   */
  async claimForQueue(manager: EntityManager, limit: number, claimedAt: number): Promise<AppDeliveryRound[]> {
    const due = await manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { status: 'pending', enqueuedAt: IsNull() },
      order: { id: 'ASC' },
      take: limit,
      ...forUpdateSkipLocked(manager),
    });
    if (due.length > 0)
      await manager.update(DeliveryEntity, { id: In(due.map((delivery) => delivery.id)), enqueuedAt: IsNull() }, { enqueuedAt: claimedAt });
    return due;
  }

  /** Queue mode: puts rounds claimed at `claimedAt` back for the next pass. */
  async releaseQueueClaim(rounds: readonly DeliveryRound[], claimedAt: number): Promise<void> {
    await this.transactions.manager.update(
      DeliveryEntity,
      { id: In(rounds.map((delivery) => delivery.id)), enqueuedAt: claimedAt },
      { enqueuedAt: null },
    );
  }

  /**
   * Queue mode: up to `limit` pending rounds claimed for the queue at or
   * after `from` and before `to` (seconds), with ids above `afterId`, by id.
   */
  findClaimed(from: number, to: number, afterId: number, limit: number): Promise<AppDeliveryRound[]> {
    return this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { id: MoreThan(afterId), status: 'pending', enqueuedAt: And(MoreThanOrEqual(from), LessThan(to)) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Queue mode: up to `limit` enqueued pending rounds due before `dueBefore`, with ids above `afterId`, by id. */
  findOverdue(afterId: number, dueBefore: number, limit: number): Promise<AppDeliveryRound[]> {
    return this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { id: MoreThan(afterId), status: 'pending', enqueuedAt: Not(IsNull()), nextAttemptAt: LessThan(dueBefore) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Embedded mode: up to `limit` pending rounds due at `now` and not leased,
   * earliest first, leaving out those of the apps `busyApps`.
   */
  findDue(now: number, limit: number, busyApps: readonly number[] = []): Promise<AppDeliveryRound[]> {
    const due: FindOptionsWhere<DeliveryEntity> = {
      status: 'pending',
      nextAttemptAt: LessThanOrEqual(now),
      ...(busyApps.length > 0 ? { appId: Not(In([...busyApps])) } : {}),
    };
    return this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: [
        { ...due, leaseUntil: IsNull() },
        { ...due, leaseUntil: LessThan(now) },
      ],
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** Embedded mode: leases `round` until `leaseUntil` if no live lease holds it. @returns whether this call got it. */
  async lease(round: DeliveryRound, now: number, leaseUntil: number): Promise<boolean> {
    const result = await this.transactions.manager
      .createQueryBuilder()
      .update(DeliveryEntity)
      .set({ leaseUntil })
      .where('id = :id AND round = :round AND status = :status AND (lease_until IS NULL OR lease_until < :now)', {
        id: round.id,
        round: round.round,
        status: 'pending',
        now,
      })
      .execute();
    return result.affected === 1;
  }

  /** Embedded mode: pending deliveries due at `now`, due later, and failed ones. */
  async countByState(now: number): Promise<PendingCounts> {
    const manager = this.transactions.manager;
    const [due, later, failed] = await Promise.all([
      manager.count(DeliveryEntity, { where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now) } }),
      manager.count(DeliveryEntity, { where: { status: 'pending', nextAttemptAt: MoreThan(now) } }),
      manager.count(DeliveryEntity, { where: { status: 'failed' } }),
    ]);
    return { due, later, failed };
  }

  /** The `limit` most recent deliveries, newest first; only failed ones when `failed`. */
  listRecent(failed: boolean, limit: number): Promise<DeliveryEntity[]> {
    return this.transactions.manager.find(DeliveryEntity, {
      where: failed ? { status: 'failed' } : {},
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** @returns the delivery `id`, or `null`. */
  find(manager: EntityManager, id: number): Promise<DeliveryEntity | null> {
    return manager.findOne(DeliveryEntity, { where: { id } });
  }

  /** Starts round `round + 1` of a failed delivery: attempts start over, due at `now`. */
  async startNextRound(manager: EntityManager, delivery: DeliveryRound, now: number): Promise<void> {
    await manager.update(
      DeliveryEntity,
      { id: delivery.id, round: delivery.round, status: 'failed' },
      { status: 'pending', attempts: 0, round: delivery.round + 1, nextAttemptAt: now, leaseUntil: null, enqueuedAt: null, updatedAt: now },
    );
  }

  /** Deletes the deliveries in `statuses` last changed before `cutoff`. @returns how many. */
  async deleteFinished(manager: EntityManager, statuses: readonly DeliveryStatus[], cutoff: number): Promise<number> {
    const result = await manager.delete(DeliveryEntity, { status: In([...statuses]), updatedAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}

/** A row of {@link DeliveriesRepository.findAttempt}'s `SELECT` (MySQL may return numbers as strings). */
interface AttemptRow {
  id: number | string;
  round: number | string;
  status: DeliveryStatus;
  attempts: number | string;
  appId: number | string;
  webhookId: string;
  url: string | null;
  secret: string | null;
  type: string;
  payload: string;
}
