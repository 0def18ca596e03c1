import { Injectable } from '@nestjs/common';

import { toStoredAccountId } from '../common/account-id.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { Transactions } from '../database/transactions.js';

/**
 * The indexes of every app's deliveries, by (`created_at`, `id`) and by
 * (`account_id`, `created_at`, `id`): the operators' lists across apps. An
 * app's page never reads them (MySQL/MariaDB are told to ignore them): their
 * order tempts the optimizer into walking other apps' rows, from the newest
 * row of the table for an app whose deliveries are older than another's
 * backlog (seconds at a million rows), or through every app's deliveries
 * about an account, where the app's own indexes by (app, event type,
 * [account,] created, id) read only the page.
 */
const ACROSS_APPS_INDEXES = 'idx_deliveries_created, idx_deliveries_account_created';

/**
 * The apps' delivery log (docs/api.md#delivery-log): a page of an app's
 * deliveries with their events' types (one statement: the events joined to the
 * page cut from the deliveries' index first) and its total, and one delivery
 * with its event's body; and the same rows of every app for the operators'
 * CLI (one store, two doors). The tables' owners (delivery/, events/) keep every write;
 * this reads across them as the read model does (docs/architecture.md#tables).
 */
@Injectable()
export class DeliveryLogReader {
  constructor(private readonly transactions: Transactions) {}

  /**
   * The app's deliveries of callback event type `event` matching `filter`,
   * newest first (by created, then id: a total order in which a delivery's
   * place never changes, its `created_at` and id being fixed): one page of up
   * to `limit`, whether more follow, and the exact total of the filter
   * (docs/api.md#pagination). The page starts at an offset, or strictly after
   * the place of delivery `after` of the same app and event type (a keyset
   * read of the same index; empty when there is no such delivery, which the
   * caller tells apart). Filtered by `account`, the page and the total read
   * the index by (app, event type, account, created, id): the account's
   * deliveries alone. Filtered by status alone, or not at all, the total
   * is read from the maintained counts (`delivery_counts`, a few rows
   * whatever the table size); with `account`, `since` or `until` it counts
   * the index range the filter bounds.
   */
  @GenerateSql(
    { params: [S.APP, S.EVENT_TYPE, {}, { offset: 0 }, 20] },
    { name: 'status', params: [S.APP, S.EVENT_TYPE, { status: 'failed' }, { offset: 0 }, 20] },
    { name: 'time range', params: [S.APP, S.EVENT_TYPE, { status: 'failed', since: S.NOW - 3600, until: S.NOW }, { offset: 0 }, 20] },
    { name: 'cursor', params: [S.APP, S.EVENT_TYPE, {}, { after: S.DELIVERY }, 20] },
    { name: 'cursor and time range', params: [S.APP, S.EVENT_TYPE, { since: S.NOW - 3600, until: S.NOW }, { after: S.DELIVERY }, 20] },
    { name: 'account', params: [S.APP, S.EVENT_TYPE, { account: S.ACCOUNT }, { offset: 0 }, 20] },
    { name: 'account and status', params: [S.APP, S.EVENT_TYPE, { account: S.ACCOUNT, status: 'failed' }, { offset: 0 }, 20] },
    { name: 'cursor and account', params: [S.APP, S.EVENT_TYPE, { account: S.ACCOUNT }, { after: S.DELIVERY }, 20] },
  )
  async listForApp(
    appId: number,
    event: string,
    filter: DeliveryLogFilter,
    start: DeliveryLogStart,
    limit: number,
  ): Promise<{ rows: AppDeliveryRow[]; hasMore: boolean; total: number }> {
    const where = ['d.app_id = ?', 'd.event = ?'];
    const parameters: unknown[] = [appId, event];
    if (filter.account !== undefined) {
      where.push('d.account_id = ?');
      parameters.push(toStoredAccountId(filter.account));
    }
    if (filter.status !== undefined) {
      where.push('d.status = ?');
      parameters.push(filter.status);
    }
    if (filter.since !== undefined) {
      where.push('d.created_at >= ?');
      parameters.push(filter.since);
    }
    if (filter.until !== undefined) {
      where.push('d.created_at < ?');
      parameters.push(filter.until);
    }
    // After a cursor: the rows below its (created_at, id) in the index, the cursor's row read in the same
    // statement (its DOUBLE never round-trips through the client); `created_at <= c` bounds the index range.
    const [cursor, cursorParameters, offset] =
      'after' in start
        ? [
            ` JOIN (SELECT created_at, id FROM deliveries WHERE id = ? AND app_id = ? AND event = ?) c
                 ON d.created_at <= c.created_at AND (d.created_at < c.created_at OR d.id < c.id)`,
            [start.after, appId, event],
            '',
          ]
        : ['', [], ' OFFSET ?'];
    const manager = this.transactions.manager;
    const notAcrossApps = manager.connection.options.type === 'mysql' ? ` IGNORE INDEX (${ACROSS_APPS_INDEXES})` : '';
    const [rows, counts] = await Promise.all([
      // The page is cut from the index first, then joined: a join planned from the events' side
      // (few events with many deliveries each) would read and sort the app's whole range.
      // One row more than the page tells whether more follow.
      manager.query(
        `SELECT ${APP_DELIVERY_COLUMNS}
           FROM (SELECT ${PAGE_COLUMNS} FROM deliveries d${notAcrossApps}${cursor} WHERE ${where.join(' AND ')}
                  ORDER BY d.created_at DESC, d.id DESC LIMIT ?${offset}) d
           JOIN outbox_events e ON e.id = d.event_id
          ORDER BY d.created_at DESC, d.id DESC`,
        [...cursorParameters, ...parameters, limit + 1, ...('offset' in start ? [start.offset] : [])],
      ) as Promise<AppDeliveryRow[]>,
      (filter.account === undefined && filter.since === undefined && filter.until === undefined
        ? manager.query(
            `SELECT COALESCE(SUM(deliveries), 0) AS n FROM delivery_counts WHERE app_id = ? AND event = ?${filter.status === undefined ? '' : ' AND status = ?'}`,
            parameters,
          )
        : manager.query(`SELECT COUNT(*) AS n FROM deliveries d${notAcrossApps} WHERE ${where.join(' AND ')}`, parameters)) as Promise<
        { n: number }[]
      >,
    ]);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total: counts[0]?.n ?? 0 };
  }

  /**
   * The newest deliveries of every app in the apps' log's order (newest first
   * by created, then id; docs/api.md#delivery-log), only those in
   * `filter.status` and about account `filter.account` (its canonical id) when
   * given, up to `limit`, from the top or strictly after the place of
   * delivery `after` (empty when there is no such delivery, which the caller
   * tells apart): the operators' `deliveries list`, in the log's row shape
   * with the app (one statement, the page cut from the deliveries first; an
   * account's page from the index by account).
   */
  @GenerateSql(
    { params: [{}, undefined, 50] },
    { name: 'status', params: [{ status: 'failed' }, undefined, 50] },
    { name: 'account', params: [{ account: S.ACCOUNT }, undefined, 50] },
    { name: 'cursor', params: [{}, S.DELIVERY, 50] },
  )
  async listRecent(
    filter: { status?: string; account?: string },
    after: number | undefined,
    limit: number,
  ): Promise<OperatorDeliveryRow[]> {
    const parameters: unknown[] = [];
    let cursor = '';
    if (after !== undefined) {
      cursor = ` JOIN (SELECT created_at, id FROM deliveries WHERE id = ?) c
                   ON d.created_at <= c.created_at AND (d.created_at < c.created_at OR d.id < c.id)`;
      parameters.push(after);
    }
    const conditions: string[] = [];
    if (filter.status !== undefined) {
      conditions.push('d.status = ?');
      parameters.push(filter.status);
    }
    if (filter.account !== undefined) {
      conditions.push('d.account_id = ?');
      parameters.push(toStoredAccountId(filter.account));
    }
    const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
    return this.transactions.manager.query(
      `SELECT ${APP_DELIVERY_COLUMNS}, d.app_id AS appId
         FROM (SELECT ${PAGE_COLUMNS}, d.app_id FROM deliveries d${cursor}${where}
                ORDER BY d.created_at DESC, d.id DESC LIMIT ?) d
         JOIN outbox_events e ON e.id = d.event_id
        ORDER BY d.created_at DESC, d.id DESC`,
      [...parameters, limit],
    ) as Promise<OperatorDeliveryRow[]>;
  }

  /** Whether delivery `id` exists (of any app): the operators' cursor names one. */
  @GenerateSql({ params: [S.DELIVERY] })
  async exists(id: number): Promise<boolean> {
    const rows: unknown[] = await this.transactions.manager.query('SELECT 1 AS found FROM deliveries WHERE id = ?', [id]);
    return rows.length > 0;
  }

  /** The app's delivery `id` of callback event type `event`, with its event's body, or `null` (unknown, or another app's). */
  @GenerateSql({ params: [S.APP, S.EVENT_TYPE, S.DELIVERY] })
  async findForApp(
    appId: number,
    event: string,
    id: number,
  ): Promise<(AppDeliveryRow & { payload: string; callbackId: number | null }) | null> {
    const rows: (AppDeliveryRow & { payload: string; callbackId: number | null })[] = await this.transactions.manager.query(
      `SELECT ${APP_DELIVERY_COLUMNS}, d.callback_id AS callbackId, e.payload FROM deliveries d JOIN outbox_events e ON e.id = d.event_id
        WHERE d.id = ? AND d.app_id = ? AND d.event = ?`,
      [id, appId, event],
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, callbackId: row.callbackId === null ? null : row.callbackId };
  }
}

/** Filters of the app's delivery list (docs/api.md#delivery-log); times in seconds. */
export interface DeliveryLogFilter {
  /** An account id, canonical (`common/account-id.ts`): only deliveries of events about it. */
  readonly account?: string;
  /** One of delivery/'s statuses. */
  readonly status?: string;
  readonly since?: number;
  readonly until?: number;
}

/**
 * Where a page of the app's delivery list starts: after `offset` deliveries, or
 * strictly after the delivery `after` (its id) in the list's order.
 */
export type DeliveryLogStart = { readonly offset: number } | { readonly after: number };

/** A delivery as the app's log reads it (MySQL may return numbers as strings). */
export interface AppDeliveryRow {
  id: number;
  webhookId: string;
  type: string;
  /** One of delivery/'s statuses. */
  status: string;
  totalAttempts: number;
  round: number;
  createdAt: number;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  url: string | null;
}

/** A delivery as the operators' list reads it: the log's row and the app it is for. */
export interface OperatorDeliveryRow extends AppDeliveryRow {
  appId: number;
}

/** The columns of a page's derived table: what {@link APP_DELIVERY_COLUMNS} reads, and the event to join (no text column). */
const PAGE_COLUMNS = `d.id, d.event_id, d.webhook_id, d.status, d.total_attempts, d.round, d.created_at, d.last_attempt_at,
  d.next_attempt_at, d.last_status, d.last_error, d.url`;

const APP_DELIVERY_COLUMNS = `d.id, d.webhook_id AS webhookId, e.type, d.status, d.total_attempts AS totalAttempts, d.round,
  d.created_at AS createdAt, d.last_attempt_at AS lastAttemptAt, d.next_attempt_at AS nextAttemptAt,
  d.last_status AS lastStatus, d.last_error AS lastError, d.url`;
