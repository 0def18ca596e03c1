import { Injectable } from '@nestjs/common';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { paddedBatch, statementBatches } from '../database/statement-batches.js';

/**
 * What one attempt needs, read in one statement: the delivery, its callback's
 * URL and secret (`null` once the callback was deleted) and the event's type
 * and body.
 */
export interface AttemptInput {
  readonly delivery: {
    readonly id: number;
    readonly round: number;
    /** One of delivery/'s statuses (`pending`, `succeeded`, `failed`, `cancelled`). */
    readonly status: string;
    readonly attempts: number;
    readonly totalAttempts: number;
    readonly appId: number;
    readonly webhookId: string;
    /** Seconds: the scheduler's admission the row holds, or `null` while it waits. */
    readonly admittedAt: number | null;
  };
  readonly callback: {
    readonly id: number;
    readonly url: string;
    readonly secret: string;
    /** The replaced secrets kept for their rotation grace, as stored (callbacks/'s JSON list, `previous-secrets.ts`), or `null`. */
    readonly previousSecrets: string | null;
    readonly disabled: boolean;
    /** Attempts per second it accepts, or `null` for no limit. */
    readonly rateLimit: number | null;
  } | null;
  /**
   * `traceContext`: the W3C Trace Context stored with the event (docs/operations.md#tracing), `null` without tracing;
   * `createdAt`: seconds since the UNIX epoch, when the event was recorded (in its request's transaction).
   */
  readonly event: { readonly type: string; readonly body: string; readonly traceContext: string | null; readonly createdAt: number };
}

/** The attempts' `SELECT` for an `IN` list of `count` ids. */
function attemptsStatement(count: number): string {
  return `SELECT d.id, d.round, d.status, d.attempts, d.total_attempts AS totalAttempts, d.app_id AS appId, d.webhook_id AS webhookId,
              d.enqueued_at AS admittedAt, c.rate_limit AS rateLimit,
              c.id AS callbackId, c.url, c.secret, c.previous_secrets AS previousSecrets,
              c.disabled_at AS disabledAt, e.type, e.payload, e.trace_context AS traceContext, e.created_at AS eventCreatedAt
         FROM deliveries d
         JOIN outbox_events e ON e.id = d.event_id
         LEFT JOIN callbacks c ON c.id = d.callback_id
        WHERE d.id IN (${Array.from({ length: count }, () => '?').join(', ')})`;
}

/**
 * The worker's read of delivery attempts (docs/api.md#events): the delivery
 * row of delivery/, its callback's row of callbacks/ and its event's row of
 * events/ in ONE statement, so that an attempt costs one read and one write;
 * the attempts that start while one such read runs are read together in the
 * next (`statementBatches`). The tables' owners keep every write; this reads
 * across them as the read model does (docs/architecture.md#tables).
 */
@Injectable()
export class DeliveryAttemptReader {
  private readonly batches = statementBatches<number, AttemptInput | null>((ids) => this.findAttempts(ids));

  constructor(private readonly reads: PreparedReads) {}

  /**
   * @returns the attempt's input (read with the other attempts starting meanwhile, {@link findAttempts}), or `null`
   *   for an unknown delivery.
   */
  @GenerateSql({ params: [S.DELIVERY] })
  findAttempt(id: number): Promise<AttemptInput | null> {
    return this.batches(id);
  }

  /**
   * @param ids 1 to 16 delivery ids.
   * @returns each one's attempt input, in order (`null` for an unknown delivery): one `SELECT` joining the callback and
   *   the event (its `IN` list padded to a power of two, a prepared statement on MySQL/MariaDB, on the primary).
   */
  @GenerateSql({ params: [[S.DELIVERY, S.DELIVERY_FAILED]] })
  async findAttempts(ids: readonly number[]): Promise<(AttemptInput | null)[]> {
    const padded = paddedBatch(ids);
    const rows = await this.reads.select<AttemptRow>(attemptsStatement(padded.length), padded);
    const found = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.map((id) => {
      const row = found.get(id);
      return row ? attemptInput(row) : null;
    });
  }
}

/** The attempt's input from its row. */
function attemptInput(row: AttemptRow): AttemptInput {
  return {
    delivery: {
      id: row.id,
      round: row.round,
      status: row.status,
      attempts: row.attempts,
      totalAttempts: row.totalAttempts,
      appId: row.appId,
      webhookId: row.webhookId,
      admittedAt: row.admittedAt,
    },
    callback:
      row.url === null || row.secret === null
        ? null
        : {
            id: row.callbackId!,
            url: row.url,
            secret: row.secret,
            previousSecrets: row.previousSecrets,
            disabled: row.disabledAt !== null,
            rateLimit: row.rateLimit === null ? null : row.rateLimit,
          },
    event: { type: row.type, body: row.payload, traceContext: row.traceContext, createdAt: Number(row.eventCreatedAt) },
  };
}

/** A row of {@link DeliveryAttemptReader.findAttempts}'s `SELECT` (MySQL may return numbers as strings). */
interface AttemptRow {
  id: number;
  round: number;
  status: string;
  attempts: number;
  totalAttempts: number;
  appId: number;
  webhookId: string;
  admittedAt: number | null;
  rateLimit: number | null;
  callbackId: number | null;
  url: string | null;
  secret: string | null;
  previousSecrets: string | null;
  disabledAt: number | null;
  type: string;
  payload: string;
  traceContext: string | null;
  eventCreatedAt: number | string;
}
