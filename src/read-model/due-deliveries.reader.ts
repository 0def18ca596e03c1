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
  /** Its pending deliveries due at `now`, admitted or waiting for admission (of those looked at: {@link DueDeliveriesReader.dueByCallback}). */
  readonly due: number;
}

/** Apps whose due deliveries one statement looks at (its parameters: three per app). */
const APPS_PER_STATEMENT = 100;

/**
 * The scheduler's index (status, enqueued_at, app_id, next_attempt_at): an
 * app's next waiting rounds in order, and the admitted rounds, without reading
 * the rounds waiting.
 */
const SCHEDULE_INDEX = 'idx_deliveries_schedule';

/**
 * The deliveries due now, counted per callback with the callback's
 * `rate_limit` (the deliveries of delivery/ and the callbacks of callbacks/
 * joined, as the read model reads across tables,
 * docs/architecture.md#tables): the input of the worker autoscaler's gauge
 * (docs/scaling.md#autoscaling-the-workers).
 */
@Injectable()
export class DueDeliveriesReader {
  constructor(private readonly transactions: Transactions) {}

  /**
   * Per app, its admitted rounds and the next `perApp` of its rounds waiting
   * for admission (those the scheduler admits next), counted per callback. The
   * work is bounded by the apps' windows, not by their backlogs: a backlog of
   * a million reads `perApp` index entries. The apps with pending deliveries
   * are read from the maintained counts (`delivery_counts`); their rows in
   * statements of {@link APPS_PER_STATEMENT} apps.
   *
   * @param now seconds since the UNIX epoch.
   * @param perApp the waiting rounds looked at per app (its window: it never counts more).
   * @returns one row per callback with deliveries due at `now` among those looked at.
   */
  @GenerateSql({ params: [S.NOW, 40] })
  async dueByCallback(now: number, perApp: number): Promise<DueByCallback[]> {
    const manager = this.transactions.manager;
    const apps: { appId: number }[] = await manager.query(
      `SELECT app_id AS appId FROM delivery_counts WHERE status = 'pending' GROUP BY app_id HAVING SUM(deliveries) > 0 ORDER BY app_id`,
    );
    // Named on MySQL/MariaDB, whose plan may otherwise walk every due round by due time (a whole backlog).
    const byApp = manager.connection.options.type === 'mysql' ? ` FORCE INDEX (${SCHEDULE_INDEX})` : '';
    const due: DueByCallback[] = [];
    for (let start = 0; start < apps.length; start += APPS_PER_STATEMENT) {
      const chunk = apps.slice(start, start + APPS_PER_STATEMENT).map((app) => Number(app.appId));
      const waiting = chunk.map(
        (_, index) =>
          `SELECT w${index}.app_id, w${index}.callback_id FROM (
             SELECT app_id, callback_id FROM deliveries${byApp}
              WHERE status = 'pending' AND enqueued_at IS NULL AND app_id = ? AND next_attempt_at <= ?
              ORDER BY next_attempt_at LIMIT ?) w${index}`,
      );
      const rows: { appId: number; callbackId: number | null; rateLimit: number | null; due: number | string }[] = await manager.query(
        `SELECT u.app_id AS appId, u.callback_id AS callbackId, MAX(c.rate_limit) AS rateLimit, COUNT(*) AS due
           FROM (${waiting.join(' UNION ALL ')}
                 UNION ALL
                 SELECT app_id, callback_id FROM deliveries${byApp}
                  WHERE status = 'pending' AND enqueued_at IS NOT NULL AND next_attempt_at <= ?
                    AND app_id IN (${chunk.map(() => '?').join(', ')})) u
           LEFT JOIN callbacks c ON c.id = u.callback_id
          GROUP BY u.app_id, u.callback_id`,
        [...chunk.flatMap((appId) => [appId, now, perApp]), now, ...chunk],
      );
      for (const row of rows)
        due.push({
          appId: Number(row.appId),
          callbackId: row.callbackId === null ? null : Number(row.callbackId),
          rateLimit: row.rateLimit === null ? null : Number(row.rateLimit),
          due: Number(row.due),
        });
    }
    return due;
  }
}
