import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';
import { recordEventTrace } from '../tracing/trace-context.js';
import { CallbackEpochRepository } from './callback-epoch.repository.js';
import { markEventsRecorded } from './outbox-commit.subscriber.js';
import type { DeliveryOutbox, EventReferences } from './delivery-outbox.js';
import { type NewOutboxEvent, OutboxEventEntity } from './outbox-event.entity.js';

/** An event row as stored. */
interface OutboxEventRow {
  id: number;
  type: string;
  payload: string;
  created_at: number;
  callback_epoch: number;
}

/** The oldest unrelayed events, `LIMIT ?` of them. */
const CLAIMABLE_EVENTS =
  'SELECT id, type, payload, created_at, callback_epoch FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT ?';
const INSERT_EVENT = 'INSERT INTO outbox_events (type, payload, created_at, callback_epoch, trace_context) VALUES (?, ?, ?, ?, ?)';

/** Every statement on the `outbox_events` table (the transactional outbox, docs/api.md#events). */
@Injectable()
export class OutboxRepository implements DeliveryOutbox {
  constructor(
    private readonly transactions: Transactions,
    private readonly epochs: CallbackEpochRepository,
    private readonly statements: PreparedStatements,
  ) {}

  /**
   * Inserts `events`, created at `createdAt` (seconds), in the caller's
   * transaction, with the callback epoch they commit in (share-locked until
   * then, see {@link CallbackEpochRepository}) and the request's trace
   * context (docs/operations.md#tracing); once it commits, this process's relay
   * is woken.
   */
  @GenerateSql(
    { name: 'one', params: [[{ type: S.EVENT_TYPE, payload: '{}' }], S.NOW] },
    {
      name: 'several',
      params: [
        [
          { type: S.EVENT_TYPE, payload: '{}' },
          { type: S.EVENT_TYPE, payload: '{}' },
        ],
        S.NOW,
      ],
    },
  )
  async insert(events: readonly NewOutboxEvent[], createdAt: number): Promise<void> {
    markEventsRecorded();
    const callbackEpoch = await this.epochs.readShared();
    const traceContext = recordEventTrace(events[0].type, events.length);
    if (events.length === 1) {
      // A team move's one event: a prepared statement, without the ORM's read-back of the generated columns.
      await this.statements.write(INSERT_EVENT, [events[0].type, events[0].payload, createdAt, callbackEpoch, traceContext]);
      return;
    }
    await this.transactions.manager.insert(
      OutboxEventEntity,
      events.map((event) => ({ ...event, createdAt, callbackEpoch, traceContext })),
    );
  }

  /**
   * Inserts an event that is delivered to one callback only (a `ping`,
   * docs/api.md#delivery-log), already marked relayed so that no callback gets it by
   * fan-out; the commit wakes this process's delivery pass.
   * @returns its id.
   */
  @GenerateSql({ params: [{ type: 'ping', payload: '{}' }, S.NOW] })
  async insertRelayed(event: NewOutboxEvent, now: number): Promise<number> {
    markEventsRecorded();
    const traceContext = recordEventTrace(event.type, 1);
    const result = await this.transactions.manager.insert(OutboxEventEntity, { ...event, createdAt: now, dispatchedAt: now, traceContext });
    return result.identifiers[0].id as number;
  }

  /** How many committed events are not relayed yet. */
  @GenerateSql()
  countPending(): Promise<number> {
    return this.transactions.manager.count(OutboxEventEntity, { where: { dispatchedAt: IsNull() } });
  }

  /**
   * Claims up to `limit` unrelayed events, oldest first, marking them relayed
   * at `now` (seconds). On MySQL the rows are read `FOR UPDATE SKIP LOCKED`, so
   * concurrent relays take different events.
   *
   * @returns the claimed events, or `null` when another process claimed some of
   *   them first (the caller rolls the batch back).
   */
  @GenerateSql({ params: [100, S.NOW] })
  async claimBatch(limit: number, now: number): Promise<OutboxEventEntity[] | null> {
    const skipLocked = this.transactions.manager.connection.options.type === 'mysql' ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.statements.select<OutboxEventRow>(`${CLAIMABLE_EVENTS}${skipLocked}`, [limit]);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const claim = await this.statements.writeText(
      `UPDATE outbox_events SET dispatched_at = ? WHERE dispatched_at IS NULL AND id IN (${ids.map(() => '?').join(', ')})`,
      [now, ...ids],
    );
    if (claim.affected !== ids.length) return null;
    return rows.map((row) =>
      Object.assign(new OutboxEventEntity(), {
        id: row.id,
        type: row.type,
        payload: row.payload,
        createdAt: row.created_at,
        callbackEpoch: row.callback_epoch,
        dispatchedAt: null,
      }),
    );
  }

  /**
   * Deletes the events relayed before `cutoff` (seconds) that nothing refers to
   * any more: one statement, `references` a `NOT EXISTS` subquery in it.
   * @returns how many.
   */
  @GenerateSql({ params: [S.NOW, S.EVENT_REFERENCES] })
  async deleteRelayedUnreferenced(cutoff: number, references: EventReferences): Promise<number> {
    const result = await this.transactions.manager
      .createQueryBuilder()
      .delete()
      .from(OutboxEventEntity)
      .where('dispatched_at < :cutoff', { cutoff })
      .andWhere(`NOT EXISTS (${references.subquery})`)
      .execute();
    return result.affected ?? 0;
  }
}
