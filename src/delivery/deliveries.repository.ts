import { Injectable } from '@nestjs/common';
import { And, In, IsNull, LessThan, LessThanOrEqual, MoreThan, MoreThanOrEqual, Not } from 'typeorm';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdateSkipLocked } from '../database/lock.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { paddedBatch, statementBatches } from '../database/statement-batches.js';
import { transactionManager } from '../database/current-transaction.js';
import { Transactions } from '../database/transactions.js';
import type { EventReferences } from '../events/delivery-outbox.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryAttemptEntity } from './delivery-attempt.entity.js';
import { CALLBACK_DELETED, type DeliveryStatus } from './delivery-status.js';

/**
 * The deliveries that refer to the event `outbox_events.id`: events/'s prune
 * of relayed events keeps those (one `NOT EXISTS` in its `DELETE`, docs/architecture.md#tables).
 */
export const EVENT_REFERENCES: EventReferences = { subquery: 'SELECT 1 FROM deliveries WHERE deliveries.event_id = outbox_events.id' };

/** A delivery round: what a queue job or a lease names. */
export type DeliveryRound = Pick<DeliveryEntity, 'id' | 'round'>;

/** A delivery round and the app it is for (what a transport needs to share slots fairly between apps). */
export type AppDeliveryRound = Pick<DeliveryEntity, 'id' | 'round' | 'appId'>;

/**
 * A round the scheduler admitted to the transport at `admittedAt` (seconds):
 * what a queue job or the embedded runner names. An attempt for an admission
 * the row no longer holds is skipped (docs/api.md#isolation-between-apps).
 */
export interface Admission extends AppDeliveryRound {
  readonly admittedAt: number;
}

/** A delivery as the relay or a ping inserts it (no attempt yet). */
export type NewDelivery = Omit<
  DeliveryEntity,
  'id' | 'lastStatus' | 'enqueuedAt' | 'lastAttemptAt' | 'lastDurationMs' | 'lastResponseBody'
>;

/**
 * The columns one attempt's outcome writes to its delivery row: it counts a
 * new attempt (`totalAttempts`), so with its `lastAttemptAt`,
 * `lastDurationMs`, `lastStatus`, `lastError` and `lastResponseBody` it also
 * writes that attempt's log row (a trigger, docs/api.md#delivery-log).
 * `status` is `pending` for a retry (due at `nextAttemptAt`, seconds).
 */
export type AttemptChanges = Pick<
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
>;

/** A delivery ended without an attempt (its callback deleted or disabled, or the queue gave up on it): no attempt-log row. */
export interface EndWithoutAttempt {
  readonly status: Exclude<DeliveryStatus, 'pending'>;
  /** At most 1,024 characters. */
  readonly lastError: string;
}

/** {@link DeliveriesRepository.recordOutcome}'s two statements, each one fixed text (prepared once per connection). */
const RECORD_ATTEMPT = `UPDATE deliveries
    SET status = ?, attempts = ?, total_attempts = ?, url = ?, last_status = ?, last_error = ?, last_attempt_at = ?,
        last_duration_ms = ?, last_response_body = ?, next_attempt_at = ?, enqueued_at = NULL, updated_at = ?
  WHERE id = ? AND round = ? AND status = 'pending'`;
const RECORD_END_WITHOUT_ATTEMPT = `UPDATE deliveries
    SET status = ?, last_error = ?, next_attempt_at = NULL, enqueued_at = NULL, updated_at = ?
  WHERE id = ? AND round = ? AND status = 'pending'`;

/** The columns one attempt's outcome sets, in the order of {@link attemptValues}. */
const ATTEMPT_COLUMNS = [
  'status',
  'attempts',
  'total_attempts',
  'url',
  'last_status',
  'last_error',
  'last_attempt_at',
  'last_duration_ms',
  'last_response_body',
  'next_attempt_at',
  'updated_at',
] as const;

/**
 * The outcomes of `count` attempts in one `UPDATE` (MySQL/MariaDB): each
 * column set to its row's value (`CASE id WHEN ? THEN ? … END`), the rows
 * found by primary key, each written only if still pending in its round, as
 * {@link RECORD_ATTEMPT} does for one. One statement and one commit for all:
 * per row, about half of MariaDB's CPU of one `UPDATE` each from 4 rows on
 * (a derived table joined to the rows instead costs twice as much as one
 * `UPDATE`: it is materialised).
 */
function recordAttemptsStatement(count: number): string {
  const byId = `CASE id${' WHEN ? THEN ?'.repeat(count)} END`;
  return `UPDATE deliveries FORCE INDEX (PRIMARY)
    SET ${ATTEMPT_COLUMNS.map((column) => `${column} = ${byId}`).join(', ')}, enqueued_at = NULL
  WHERE id IN (${Array.from({ length: count }, () => '?').join(', ')}) AND status = 'pending' AND round = ${byId}`;
}

/** Of an attempt's outcome written at `now`, the values of {@link ATTEMPT_COLUMNS}, in order. */
function attemptValues(outcome: AttemptChanges, now: number): (string | number | null)[] {
  return [
    outcome.status,
    outcome.attempts,
    outcome.totalAttempts,
    outcome.url,
    outcome.lastStatus,
    outcome.lastError,
    outcome.lastAttemptAt,
    outcome.lastDurationMs,
    outcome.lastResponseBody,
    outcome.nextAttemptAt,
    now,
  ];
}

/** A successful attempt's changes, for {@link DeliveriesRepository.recordAttempts}'s generated SQL. */
const SUCCEEDED_SAMPLE: AttemptChanges = {
  status: 'succeeded',
  attempts: 1,
  totalAttempts: 1,
  url: 'https://receiver.example/hook',
  lastStatus: 200,
  lastError: null,
  lastAttemptAt: S.NOW,
  lastDurationMs: 12,
  lastResponseBody: 'ok',
  nextAttemptAt: null,
};

/** One attempt's outcome to write: its round, its changes and when (seconds). */
export interface RecordedAttempt {
  readonly round: DeliveryRound;
  readonly outcome: AttemptChanges;
  readonly now: number;
}

/** An app with rounds waiting for admission (the scheduler's pass, {@link DeliveriesRepository.waitingApps}). */
export interface WaitingApp {
  readonly appId: number;
  /** When its earliest waiting round is due (seconds). */
  readonly dueAt: number;
  /** Its rounds admitted now: its window in use. */
  readonly admitted: number;
}

/** Deliveries by where they stand, for the `callback_queue_jobs` gauge. */
export interface PendingCounts {
  /** Pending, due, waiting for admission. */
  readonly waiting: number;
  /** Pending and admitted to the transport (queued or being attempted). */
  readonly admitted: number;
  /** Pending, due later (a retry's delay, or a rate limit). */
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
  /** Outcomes of attempts ending together, written in one statement ({@link recordAttempts}). */
  private readonly attemptBatches = statementBatches<RecordedAttempt, void>(async (attempts) => {
    await this.recordAttempts(attempts);
    return attempts.map(() => undefined);
  });

  constructor(
    private readonly transactions: Transactions,
    private readonly statements: PreparedStatements,
  ) {}

  /** Inserts new deliveries in the relay's transaction. */
  @GenerateSql({ params: [[S.DELIVERY_FIELDS]] })
  async insert(deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length > 0) await this.transactions.manager.insert(DeliveryEntity, [...deliveries]);
  }

  /** Inserts one delivery (a `ping`). @returns its id. */
  @GenerateSql({ params: [S.DELIVERY_FIELDS] })
  async insertOne(delivery: NewDelivery): Promise<number> {
    const result = await this.transactions.manager.insert(DeliveryEntity, delivery);
    return result.identifiers[0].id as number;
  }

  /**
   * Writes an outcome to the delivery `round` if it is still pending in that
   * round (an operator may have started a new one meanwhile), ending its
   * admission. One `UPDATE` of fixed text (a prepared statement on
   * MySQL/MariaDB, in the caller's transaction or on its own); an outcome that
   * counts a new attempt also writes its attempt-log row in that statement
   * (see {@link AttemptChanges}), and outside a transaction on MySQL/MariaDB
   * shares it with the outcomes of other attempts ending meanwhile
   * ({@link recordAttempts}, `statementBatches`): it resolves once that
   * statement has run.
   */
  @GenerateSql(
    {
      name: 'retry',
      params: [
        { id: S.DELIVERY, round: 0 },
        {
          status: 'pending',
          attempts: 1,
          totalAttempts: 1,
          url: 'https://receiver.example/hook',
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
      name: 'ended without an attempt',
      params: [{ id: S.DELIVERY, round: 0 }, { status: 'cancelled', lastError: 'callback deleted' }, S.NOW],
    },
  )
  async recordOutcome(round: DeliveryRound, outcome: AttemptChanges | EndWithoutAttempt, now: number): Promise<void> {
    if (!('totalAttempts' in outcome))
      await this.statements.write(RECORD_END_WITHOUT_ATTEMPT, [outcome.status, outcome.lastError, now, round.id, round.round]);
    else if (transactionManager() || !this.batched) await this.recordAttempts([{ round, outcome, now }]);
    else await this.attemptBatches({ round, outcome, now });
  }

  /**
   * Writes the outcomes of 1 to 16 attempts ({@link recordOutcome}'s rule for
   * each): on MySQL/MariaDB one `UPDATE` of them all
   * ({@link recordAttemptsStatement}: its rows padded to a power of two, a
   * prepared statement; by id, so that two workers lock rows in the same
   * order), on SQLite one `UPDATE` each.
   */
  @GenerateSql(
    { name: 'one', params: [[{ round: { id: S.DELIVERY, round: 0 }, outcome: SUCCEEDED_SAMPLE, now: S.NOW }]] },
    {
      name: 'two',
      params: [
        [
          { round: { id: S.DELIVERY, round: 0 }, outcome: SUCCEEDED_SAMPLE, now: S.NOW },
          { round: { id: S.DELIVERY_FAILED, round: 0 }, outcome: { ...SUCCEEDED_SAMPLE, status: 'failed', lastStatus: 500 }, now: S.NOW },
        ],
      ],
    },
  )
  async recordAttempts(attempts: readonly RecordedAttempt[]): Promise<void> {
    if (!this.batched) {
      for (const { round, outcome, now } of attempts)
        await this.statements.write(RECORD_ATTEMPT, [...attemptValues(outcome, now), round.id, round.round]);
      return;
    }
    const rows = paddedBatch([...attempts].sort((a, b) => a.round.id - b.round.id)).map((attempt) => ({
      id: attempt.round.id,
      round: attempt.round.round,
      values: attemptValues(attempt.outcome, attempt.now),
    }));
    await this.statements.write(recordAttemptsStatement(rows.length), [
      ...ATTEMPT_COLUMNS.flatMap((_, column) => rows.flatMap((row) => [row.id, row.values[column]])),
      ...rows.map((row) => row.id),
      ...rows.flatMap((row) => [row.id, row.round]),
    ]);
  }

  /** Whether outcomes are written in batches: on MySQL/MariaDB. */
  private get batched(): boolean {
    return this.transactions.manager.connection.options.type === 'mysql';
  }

  /**
   * Cancels every pending delivery of callback `callbackId` (its deletion,
   * docs/api.md#delivery-log): `cancelled` with `last_error`
   * {@link CALLBACK_DELETED}, no next attempt, no admission; an attempt
   * already made keeps its log. One `UPDATE` on `idx_deliveries_callback`, in
   * the caller's transaction. @returns how many.
   */
  @GenerateSql({ params: [S.CALLBACK, S.NOW] })
  async cancelPendingOf(callbackId: number, now: number): Promise<number> {
    const result = await this.transactions.manager.update(
      DeliveryEntity,
      { callbackId, status: 'pending' },
      { status: 'cancelled', lastError: CALLBACK_DELETED, nextAttemptAt: null, enqueuedAt: null, updatedAt: now },
    );
    return result.affected ?? 0;
  }

  /**
   * Every app with pending rounds waiting for admission: the earliest due
   * time of its waiting rounds (seconds) and how many of its rounds are
   * admitted now (handed to the transport, not yet ended: its window in use).
   * One statement: the apps with pending deliveries come from
   * `delivery_counts` (a few rows per app); each app's earliest waiting round
   * is one seek in the index `idx_deliveries_schedule`, so a pass costs the
   * same whatever the backlogs; the admitted rounds are counted once, grouped
   * by app.
   */
  @GenerateSql({ params: [] })
  async waitingApps(): Promise<WaitingApp[]> {
    const rows: { appId: number; dueAt: number | null; admitted: number | string | null }[] = await this.transactions.manager.query(
      `SELECT c.app_id AS appId,
              (SELECT d.next_attempt_at FROM deliveries d
                WHERE d.status = 'pending' AND d.enqueued_at IS NULL AND d.app_id = c.app_id
                ORDER BY d.next_attempt_at LIMIT 1) AS dueAt,
              a.admitted
         FROM (SELECT app_id FROM delivery_counts WHERE status = 'pending' GROUP BY app_id HAVING SUM(deliveries) > 0) c
         LEFT JOIN (SELECT app_id, COUNT(*) AS admitted FROM deliveries
                     WHERE status = 'pending' AND enqueued_at IS NOT NULL GROUP BY app_id) a ON a.app_id = c.app_id`,
    );
    return rows
      .filter((row) => row.dueAt !== null)
      .map((row) => ({ appId: row.appId, dueAt: row.dueAt!, admitted: Number(row.admitted ?? 0) }));
  }

  /**
   * Admits up to `limit` of app `appId`'s pending rounds due at `now`,
   * earliest first, marking them admitted at `admittedAt` (rows read
   * `FOR UPDATE SKIP LOCKED` on MySQL, so two processes never admit the same
   * round). Runs in the caller's transaction.
   */
  @GenerateSql({ params: [S.APP, S.NOW, 20, S.NOW] })
  async admit(appId: number, now: number, limit: number, admittedAt: number): Promise<Admission[]> {
    const manager = this.transactions.manager;
    const due = await manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { status: 'pending', enqueuedAt: IsNull(), appId, nextAttemptAt: LessThanOrEqual(now) },
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
      take: limit,
      ...forUpdateSkipLocked(),
    });
    if (due.length === 0) return [];
    const result = await manager.update(
      DeliveryEntity,
      { id: In(due.map((delivery) => delivery.id)), status: 'pending', enqueuedAt: IsNull() },
      { enqueuedAt: admittedAt },
    );
    // SQLite takes no row locks: a round another writer admitted first is left out (counted by its own update).
    if ((result.affected ?? due.length) !== due.length) return this.admittedAt(due, admittedAt);
    return due.map((delivery) => ({ id: delivery.id, round: delivery.round, appId: delivery.appId, admittedAt }));
  }

  /** Which of `rounds` this admission (`admittedAt`) holds. */
  private async admittedAt(rounds: readonly AppDeliveryRound[], admittedAt: number): Promise<Admission[]> {
    const held = await this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true },
      where: { id: In(rounds.map((delivery) => delivery.id)), enqueuedAt: admittedAt },
    });
    return held.map((delivery) => ({ id: delivery.id, round: delivery.round, appId: delivery.appId, admittedAt }));
  }

  /** Puts admissions the transport did not take back to wait (only those still held by that admission). */
  @GenerateSql({ params: [[{ id: S.DELIVERY, admittedAt: S.NOW }]] })
  async release(admissions: readonly Pick<Admission, 'id' | 'admittedAt'>[]): Promise<void> {
    const byTime = new Map<number, number[]>();
    for (const admission of admissions) byTime.set(admission.admittedAt, [...(byTime.get(admission.admittedAt) ?? []), admission.id]);
    for (const [admittedAt, ids] of byTime)
      await this.transactions.manager.update(
        DeliveryEntity,
        { id: In(ids), status: 'pending', enqueuedAt: admittedAt },
        { enqueuedAt: null },
      );
  }

  /**
   * Puts back to wait every pending round admitted before `before` (seconds):
   * the embedded runner's admissions of a process that stopped.
   * @returns how many.
   */
  @GenerateSql({ params: [S.NOW - 600] })
  async releaseAdmittedBefore(before: number): Promise<number> {
    const result = await this.transactions.manager.update(
      DeliveryEntity,
      { status: 'pending', enqueuedAt: LessThan(before) },
      { enqueuedAt: null },
    );
    return result.affected ?? 0;
  }

  /**
   * A round that may not start now (its callback's rate limit): waits again
   * until `until` (seconds), no attempt counted. Only if still held by
   * admission `admittedAt`.
   */
  @GenerateSql({ params: [{ id: S.DELIVERY, round: 0 }, S.NOW, S.NOW + 0.2] })
  async postpone(round: DeliveryRound, admittedAt: number | null, until: number): Promise<void> {
    await this.transactions.manager.update(
      DeliveryEntity,
      { id: round.id, round: round.round, status: 'pending', enqueuedAt: admittedAt === null ? IsNull() : admittedAt },
      { enqueuedAt: null, nextAttemptAt: until },
    );
  }

  /**
   * Queue mode: up to `limit` pending rounds admitted at or after `from` and
   * before `to` (seconds), with ids above `afterId`, by id.
   */
  @GenerateSql({ params: [S.NOW - 60, S.NOW, 0, 100] })
  async findAdmitted(from: number, to: number, afterId: number, limit: number): Promise<Admission[]> {
    const rows = await this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true, enqueuedAt: true },
      where: { id: MoreThan(afterId), status: 'pending', enqueuedAt: And(MoreThanOrEqual(from), LessThan(to)) },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map(toAdmission);
  }

  /** Queue mode: up to `limit` pending rounds admitted before `before` (seconds), with ids above `afterId`, by id. */
  @GenerateSql({ params: [0, S.NOW, 100] })
  async findAdmittedBefore(afterId: number, before: number, limit: number): Promise<Admission[]> {
    const rows = await this.transactions.manager.find(DeliveryEntity, {
      select: { id: true, round: true, appId: true, enqueuedAt: true },
      where: { id: MoreThan(afterId), status: 'pending', enqueuedAt: LessThan(before) },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map(toAdmission);
  }

  /**
   * Pending deliveries by where they stand at `now`, and failed ones
   * (`callback_queue_jobs`, docs/operations.md#metrics). The pending and failed
   * totals are the maintained counts (`delivery_counts`, a few rows per app);
   * the admitted rounds are at most the apps' windows; the rounds due later
   * are counted on the index by status and due time, so a backlog due now (a
   * `recover` of a million) costs nothing to report. Waiting is the rest.
   */
  @GenerateSql({ params: [S.NOW] })
  async countByState(now: number): Promise<PendingCounts> {
    const manager = this.transactions.manager;
    const [totals, admitted, later]: [{ status: string; n: number | string | null }[], number, number] = await Promise.all([
      manager.query(`SELECT status, SUM(deliveries) AS n FROM delivery_counts WHERE status IN ('pending', 'failed') GROUP BY status`),
      manager.count(DeliveryEntity, { where: { status: 'pending', enqueuedAt: Not(IsNull()) } }),
      manager
        .createQueryBuilder(DeliveryEntity, 'd')
        .useIndex('idx_deliveries_status_due')
        .where({ status: 'pending', nextAttemptAt: MoreThan(now) })
        .getCount(),
    ]);
    const total = (status: string): number => Number(totals.find((row) => row.status === status)?.n ?? 0);
    return {
      waiting: Math.max(0, total('pending') - admitted - later),
      admitted,
      later,
      failed: total('failed'),
    };
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
   * largest id among them (the recovery stops there).
   */
  @GenerateSql({ params: [S.APP, S.EVENT_TYPE, S.NOW - 86_400] })
  async countRecoverable(appId: number, event: string, since: number): Promise<{ count: number; maxId: number }> {
    const rows: { n: number; maxId: number | null }[] = await this.transactions.manager.query(
      `SELECT COUNT(*) AS n, MAX(id) AS maxId FROM deliveries
        WHERE app_id = ? AND event = ? AND created_at >= ? AND status = 'failed' AND callback_id IS NOT NULL`,
      [appId, event, since],
    );
    return { count: rows[0]?.n ?? 0, maxId: rows[0]?.maxId ?? 0 };
  }

  /**
   * One batch of a recovery: starts the next round of up to `limit` of the
   * deliveries {@link countRecoverable} counted, with ids in (`afterId`,
   * `maxId`], by id, in the caller's (short) transaction.
   *
   * @returns the largest id looked at, or `null` when there were none.
   */
  @GenerateSql({ params: [{ appId: S.APP, event: S.EVENT_TYPE, since: S.NOW - 86_400, afterId: 0, maxId: S.DELIVERY_FAILED }, 100, S.NOW] })
  async recoverBatch(
    recovery: { appId: number; event: string; since: number; afterId: number; maxId: number },
    limit: number,
    now: number,
  ): Promise<number | null> {
    const manager = this.transactions.manager;
    const rows = await manager.find(DeliveryEntity, {
      select: { id: true },
      where: {
        appId: recovery.appId,
        event: recovery.event,
        status: 'failed',
        createdAt: MoreThanOrEqual(recovery.since),
        callbackId: Not(IsNull()),
        id: And(MoreThan(recovery.afterId), LessThanOrEqual(recovery.maxId)),
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
  }

  /** The attempt log of delivery `id`, oldest first. */
  @GenerateSql({ params: [S.DELIVERY_FAILED] })
  attemptsOf(id: number): Promise<DeliveryAttemptEntity[]> {
    return this.transactions.manager.find(DeliveryAttemptEntity, { where: { deliveryId: id }, order: { attempt: 'ASC' } });
  }

  /**
   * Up to `limit` ids of deliveries in `statuses` last changed before `cutoff`
   * (seconds), oldest first, read without locks on the index by
   * (`created_at`, `id`) (named on MySQL/MariaDB): a delivery is changed after
   * it is created, so only deliveries created before `cutoff` are read, never
   * every finished one.
   */
  @GenerateSql({ params: [['succeeded', 'failed'], S.NOW, 1000] })
  async findFinishedBefore(statuses: readonly DeliveryStatus[], cutoff: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.transactions.manager
      .createQueryBuilder(DeliveryEntity, 'd')
      .select('d.id', 'id')
      .useIndex('idx_deliveries_created')
      .where({ createdAt: LessThan(cutoff), status: In([...statuses]), updatedAt: LessThan(cutoff) })
      .orderBy('d.created_at', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .limit(limit)
      .getRawMany();
    return rows.map((row) => Number(row.id));
  }

  /**
   * Deletes those of deliveries `ids` still in `statuses` and last changed
   * before `cutoff` (a redelivery meanwhile keeps one), with their attempt
   * logs: by primary key, locking only those rows. @returns how many.
   */
  @GenerateSql({ params: [[S.DELIVERY_FAILED], ['succeeded', 'failed'], S.NOW] })
  async deleteFinished(ids: readonly number[], statuses: readonly DeliveryStatus[], cutoff: number): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.transactions.manager.delete(DeliveryEntity, {
      id: In([...ids]),
      status: In([...statuses]),
      updatedAt: LessThan(cutoff),
    });
    return result.affected ?? 0;
  }
}

/** Deliveries that can start a new round (docs/api.md#delivery-log: not pending, not cancelled). */
const REDELIVERABLE: DeliveryStatus[] = ['failed', 'succeeded'];

/** What a new round resets. */
const NEXT_ROUND = { status: 'pending' as const, attempts: 0, enqueuedAt: null };

function toAdmission(row: DeliveryEntity): Admission {
  return { id: row.id, round: row.round, appId: row.appId, admittedAt: row.enqueuedAt! };
}
