import { Injectable } from '@nestjs/common';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { Transactions } from '../database/transactions.js';

/** One callback's deliveries due now, with its app and `rate_limit`. */
export interface DueByCallback {
  readonly appId: number;
  /** `null`: the callback was deleted (its deliveries are cancelled at their attempt). */
  readonly callbackId: number | null;
  /** Attempts per second it accepts, or `null` for no limit (or a deleted callback). */
  readonly rateLimit: number | null;
  /** Its pending deliveries due at `now`, admitted or waiting for admission. */
  readonly due: number;
}

/**
 * The deliveries due now, counted per callback with the callback's
 * `rate_limit` (the deliveries of delivery/ and the callbacks of callbacks/
 * in one statement, as the read model reads across tables,
 * docs/architecture.md#tables): the input of the worker autoscaler's gauge
 * (docs/scaling.md#autoscaling-the-workers).
 */
@Injectable()
export class DueDeliveriesReader {
  constructor(private readonly transactions: Transactions) {}

  /** @param now seconds since the UNIX epoch. @returns one row per callback with deliveries due at `now`. */
  @GenerateSql({ params: [S.NOW] })
  async dueByCallback(now: number): Promise<DueByCallback[]> {
    const rows: { appId: number; callbackId: number | null; rateLimit: number | null; due: number | string }[] =
      await this.transactions.manager.query(
        `SELECT d.app_id AS appId, d.callback_id AS callbackId, MAX(c.rate_limit) AS rateLimit, COUNT(*) AS due
           FROM deliveries d
           LEFT JOIN callbacks c ON c.id = d.callback_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= ?
          GROUP BY d.app_id, d.callback_id`,
        [now],
      );
    return rows.map((row) => ({
      appId: Number(row.appId),
      callbackId: row.callbackId === null ? null : Number(row.callbackId),
      rateLimit: row.rateLimit === null ? null : Number(row.rateLimit),
      due: Number(row.due),
    }));
  }
}
