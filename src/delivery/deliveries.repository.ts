import { Injectable } from '@nestjs/common';
import { And, type FindOptionsWhere, In, IsNull, LessThan, LessThanOrEqual, MoreThan, MoreThanOrEqual, Not } from 'typeorm';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdateSkipLocked } from '../database/lock.js';
import { Transactions } from '../database/transactions.js';
import type { EventReferences } from '../events/delivery-outbox.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryAttemptEntity } from './delivery-attempt.entity.js';
import type { DeliveryStatus } from './delivery-status.js';

/**
 * The deliveries that refer to the event `outbox_events.id`: events/'s prune
 * of relayed events keeps those (one `NOT EXISTS` in its `DELETE`, docs/architecture.md#tables).
 */
export const EVENT_REFERENCES: EventReferences = { subquery: 'SELECT 1 FROM deliveries WHERE deliveries.event_id = outbox_events.id' };

/** A delivery round: what a queue job or a lease names. */
export type DeliveryRound = Pick<DeliveryEntity, 'id' | 'round'>;

/** A delivery round and the app it is for (what a dispatcher needs to share slots fairly between apps). */
export type AppDeliveryRound = Pick<DeliveryEntity, 'id' | 'round' | 'appId'>;

/** A delivery as the relay or a ping inserts it (no attempt yet). */
export type NewDelivery = Omit<
  DeliveryEntity,
  'id' | 'lastStatus' | 'leaseUntil' | 'enqueuedAt' | 'lastAttemptAt' | 'lastDurationMs' | 'lastResponseBody'
>;

/**
 * The columns one attempt's outcome writes to its delivery row. One that
 * counts a new attempt (`totalAttempts`) with its `lastAttemptAt`,
 * `lastDurationMs`, `lastStatus`, `lastError` and `lastResponseBody` also
 * writes that attempt's log row (a trigger, docs/api.md#delivery-log).
 */
export type AttemptChanges = Partial<
  Pick<
    DeliveryEntity,
    | 'status'
    | 'attempts'
    | 'totalAttempts'
    | 'url'
    | 'lastStatus'
    | 'lastError'
    | 'lastAttemptAt'
    | 'lastDurationMs'
    | 'lastResponseBody'
    | 'nextAttemptAt'
  >
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
 * epoch. Triggers keep `delivery_counts` (per app, event type and status) in
 * step with every one of them. The reads that join the callback or the event
 * (an attempt's input, the apps' log) are the read model's
 * (`DeliveryAttemptReader`, `DeliveryLogReader`).
 */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Inserts new deliveries in the relay's transaction. */
  @GenerateSql({ params: [[S.DELIVERY_FIELDS]] })
  async insert(deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length > 0) await this.transactions.manager.insert(DeliveryEntity, [...deliveries]);
  }

  /** Inserts one delivery (a `ping`). @returns its id. */
  @GenerateSql({ params: [S.DELIVERY_FIELDS] })
  async insertOne(delivery: NewDelivery): Promise<number> {
    const result = await this.transactions.manager.insert(DeliveryEntity, delivery);
    return Number(result.identifiers[0].id);
  }

  /**
   * Writes an outcome to the delivery `round` if it is still pending in that
   * round (an operator may have started a new one meanwhile), releasing any
   * lease. One `UPDATE`; an outcome that counts a new attempt also writes its
   * attempt-log row in that statement (see {@link AttemptChanges}).
   */
  @GenerateSql(
    {
      name: 'retry',
      params: [
        { id: S.DELIVERY, round: 0 },
        {
          attempts: 1,
          totalAttempts: 1,
          lastStatus: 500,
          lastError: 'HTTP 500',
          lastAttemptAt: S.NOW,
          lastDurationMs: 90,
          lastResponseBody: 'oops',
          nextAttemptAt: S.NOW + 5,
        },
        S.NOW,
      ],
    },
    {
      name: 'succeeded',
      params: [
        { id: S.DELIVERY, round: 0 },
        {
          status: 'succeeded',
          attempts: 1,
          totalAttempts: 1,
          lastStatus: 200,
          lastError: null,
          lastAttemptAt: S.NOW,
          lastDurationMs: 90,
          lastResponseBody: '',
          nextAttemptAt: null,
        },
        S.NOW,
      ],
    },
  )
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
  @GenerateSql({ params: [100, S.NOW] })
  async claimForQueue(limit: number, claimedAt: number): Promise<AppDeliveryRound[]> {
    const manager = this.transactions.manager;
    const due = await manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { status: 'pending', enqueuedAt: IsNull() },
      order: { id: 'ASC' },
      take: limit,
      ...forUpdateSkipLocked(),
    });
    if (due.length > 0)
      await manager.update(DeliveryEntity, { id: In(due.map((delivery) => delivery.id)), enqueuedAt: IsNull() }, { enqueuedAt: claimedAt });
    return due;
  }

  /** Queue mode: puts rounds claimed at `claimedAt` back for the next pass. */
  @GenerateSql({ params: [[{ id: S.DELIVERY, round: 0 }], S.NOW] })
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
  @GenerateSql({ params: [S.NOW - 60, S.NOW, 0, 100] })
  findClaimed(from: number, to: number, afterId: number, limit: number): Promise<AppDeliveryRound[]> {
    return this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { id: MoreThan(afterId), status: 'pending', enqueuedAt: And(MoreThanOrEqual(from), LessThan(to)) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Queue mode: up to `limit` enqueued pending rounds due before `dueBefore`, with ids above `afterId`, by id. */
  @GenerateSql({ params: [0, S.NOW, 100] })
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
  @GenerateSql({ params: [S.NOW, 10] }, { name: 'busy apps', params: [S.NOW, 10, [2, 3]] })
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
  @GenerateSql({ params: [{ id: S.DELIVERY, round: 0 }, S.NOW, S.NOW + 30] })
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
  @GenerateSql({ params: [S.NOW] })
  async countByState(now: number): Promise<PendingCounts> {
    const manager = this.transactions.manager;
    const [due, later, failed] = await Promise.all([
      manager.count(DeliveryEntity, { where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now) } }),
      manager.count(DeliveryEntity, { where: { status: 'pending', nextAttemptAt: MoreThan(now) } }),
      manager.count(DeliveryEntity, { where: { status: 'failed' } }),
    ]);
    return { due, later, failed };
  }

  /** @returns the delivery `id`, or `null`. */
  @GenerateSql({ params: [S.DELIVERY] })
  find(id: number): Promise<DeliveryEntity | null> {
    return this.transactions.manager.findOne(DeliveryEntity, { where: { id } });
  }

  /**
   * Starts round `round + 1` of a delivery that ended (failed or succeeded)
   * and is still in round `round`: attempts start over, due at `now`.
   * @returns whether this call started it (false when another redelivery or
   *   the worker changed it first).
   */
  @GenerateSql({ params: [{ id: S.DELIVERY_FAILED, round: 0 }, S.NOW] })
  async startNextRound(delivery: DeliveryRound, now: number): Promise<boolean> {
    const result = await this.transactions.manager.update(
      DeliveryEntity,
      { id: delivery.id, round: delivery.round, status: In(REDELIVERABLE) },
      { ...NEXT_ROUND, round: delivery.round + 1, nextAttemptAt: now, updatedAt: now },
    );
    return result.affected === 1;
  }

  /**
   * `recover`'s count: the app's failed deliveries of callback event type
   * `event` created at or after `since` whose callback still exists, and the
   * largest id among them (the background work stops there).
   */
  @GenerateSql({ params: [S.APP, S.EVENT_TYPE, S.NOW - 86_400] })
  async countRecoverable(appId: number, event: string, since: number): Promise<{ count: number; maxId: number }> {
    const rows: { n: number | string; maxId: number | string | null }[] = await this.transactions.manager.query(
      `SELECT COUNT(*) AS n, MAX(id) AS maxId FROM deliveries
        WHERE app_id = ? AND event = ? AND created_at >= ? AND status = 'failed' AND callback_id IS NOT NULL`,
      [appId, event, since],
    );
    return { count: Number(rows[0]?.n ?? 0), maxId: Number(rows[0]?.maxId ?? 0) };
  }

  /**
   * One batch of `recover`: starts the next round of up to `limit` of the
   * deliveries {@link countRecoverable} counted, with ids in (`afterId`,
   * `maxId`], by id. A short transaction per batch: new events are never
   * blocked for long.
   *
   * @returns the largest id looked at, or `null` when there were none.
   */
  @GenerateSql({ params: [S.APP, S.EVENT_TYPE, S.NOW - 86_400, 0, S.DELIVERY_FAILED, 100, S.NOW] })
  async recoverBatch(
    appId: number,
    event: string,
    since: number,
    afterId: number,
    maxId: number,
    limit: number,
    now: number,
  ): Promise<number | null> {
    return this.transactions.runWithoutGapLocks(async () => {
      const manager = this.transactions.manager;
      const rows = await manager.find(DeliveryEntity, {
        select: { id: true },
        where: {
          appId,
          event,
          status: 'failed',
          createdAt: MoreThanOrEqual(since),
          callbackId: Not(IsNull()),
          id: And(MoreThan(afterId), LessThanOrEqual(maxId)),
        },
        order: { id: 'ASC' },
        take: limit,
      });
      if (rows.length === 0) return null;
      await manager
        .createQueryBuilder()
        .update(DeliveryEntity)
        .set({ ...NEXT_ROUND, round: () => 'round + 1', nextAttemptAt: now, updatedAt: now })
        .where({ id: In(rows.map((row) => row.id)), status: 'failed' })
        .execute();
      return rows[rows.length - 1].id;
    });
  }

  /** The attempt log of delivery `id`, oldest first. */
  @GenerateSql({ params: [S.DELIVERY_FAILED] })
  attemptsOf(id: number): Promise<DeliveryAttemptEntity[]> {
    return this.transactions.manager.find(DeliveryAttemptEntity, { where: { deliveryId: id }, order: { attempt: 'ASC' } });
  }

  /** Deletes the deliveries in `statuses` last changed before `cutoff`. @returns how many. */
  @GenerateSql({ params: [['succeeded', 'failed'], S.NOW] })
  async deleteFinished(statuses: readonly DeliveryStatus[], cutoff: number): Promise<number> {
    const result = await this.transactions.manager.delete(DeliveryEntity, { status: In([...statuses]), updatedAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}

/** Deliveries that can start a new round (docs/api.md#delivery-log: not pending, not cancelled). */
const REDELIVERABLE: DeliveryStatus[] = ['failed', 'succeeded'];

/** What a new round resets. */
const NEXT_ROUND = { status: 'pending' as const, attempts: 0, leaseUntil: null, enqueuedAt: null };
