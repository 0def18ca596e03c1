import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

import { GenerateSql } from '../../database/generate-sql.decorator.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { Transactions } from '../../database/transactions.js';

/**
 * Accounts per range the cuts aim at; a deep page reads at most about twice this many index entries before its own.
 * Chosen to balance the ranges a deep page sums (about 0.35 µs each, read and summed) against the index entries it
 * skips (about 0.17 µs each): about 700 ranges and 700 entries at a million accounts.
 */
export const NAME_RANGE_TARGET = 1_500;

/** A range is cut once it holds more than this many accounts. */
const SPLIT_ABOVE = 2 * NAME_RANGE_TARGET;

/** A range's counter rows are folded into one once it has more than this many (a deep page sums every one before it). */
const FOLD_ABOVE = 4;

/** Kept ranges found out of date are read afresh by the next deep page, at most this often: once a second. */
const REFRESH_MS = 1_000;

/** How often the API looks for ranges to cut and counter rows to fold: every 5 seconds. */
const PASS_INTERVAL_MS = 5_000;

/** Where a deep page of the unfiltered search starts: the range holding its first row, and how many accounts precede it. */
export interface RangeStart {
  /** The range's boundary; `''` for the first range, which has no lower bound. */
  boundary: string;
  /** Accounts in the ranges before it. */
  before: number;
}

/** A range as last read, with the accounts in the ranges before it. */
interface KeptRange extends RangeStart {
  accounts: number;
}

/**
 * The account name ranges (tables `account_name_ranges`, the boundaries, and
 * `account_name_range_counts`, each range's count as the sum of its counter
 * rows; MySQL/MariaDB only; the migrations `AccountNameRanges1795900000001`
 * and `ShardedNameRangeCounts1795900000003` say what they hold and how
 * triggers keep them): {@link start} finds where a deep page of the
 * unfiltered search starts (docs/api.md#pagination), and every process
 * serving the read model (API and worker) cuts the ranges that grew past 3,000
 * accounts into ranges of about 1,500 ({@link cutOversized}) and folds the
 * counter rows of ranges that have more than 4 ({@link foldCounters}), every
 * 5 seconds.
 *
 * A cut holds the gate (`account_name_range_gate`) exclusively: it waits for
 * the writes in flight that picked a range, and new ones wait for it (a few
 * milliseconds for a range of 3,000 accounts; the first cut of a database
 * migrated with many accounts reads them all once), and leaves each range it
 * cut with one counter row holding its count. It reads at
 * `READ COMMITTED` after taking the gate, so it counts every account
 * committed before it, and none of the writes still waiting, which pick their
 * range after it.
 */
@Injectable()
export class AccountNameRanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AccountNameRanges');
  private readonly enabled: boolean;
  private timer: NodeJS.Timeout | undefined;
  /** The ranges as this process last read them, each with the accounts before it ({@link start}). */
  private read: readonly KeptRange[] | undefined;
  /** When {@link read} was read (`Date.now()`), and whether a page found it out of date since. */
  private readAt = 0;
  private outdated = false;
  /** Ranges found to hold a single name (no boundary can cut them), with their size then: skipped until it changes. */
  private readonly uncuttable = new Map<string, number>();

  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
  ) {
    this.enabled = transactions.manager.connection.options.type === 'mysql';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.timer = setInterval(() => void this.pass().catch((error: unknown) => this.failed(error)), PASS_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * The range holding the account at `offset` (0-based) in `(name, id)` order, from the ranges as this process
   * last read them, or read afresh when `fresh`, when none were read yet, or when `offset` lies past them. A
   * read takes each range's count in order (about one range per 1,000–1,500 accounts, up to 16 counter rows each, summed
   * in the scan of the counters' primary key; MariaDB's running `SUM() OVER` was slower) and sums them here. The ranges kept may
   * be out of date: `before` is a claim the caller checks against the database (the page statement reads the
   * exact count before the boundary) and asks again with `fresh` when it was wrong, or reports it with
   * {@link outOfDate} when it could read on from the exact count; the ranges found out of date are read afresh by
   * the next call, at most once a second (so that writes moving the counts all the time cost a deep page at most
   * one more statement a second, not one more each).
   *
   * @returns the range, or `undefined` when `offset` is at or past the number of accounts (read afresh).
   */
  @GenerateSql({ params: [1, true] })
  async start(offset: number, fresh = false): Promise<RangeStart | undefined> {
    if (!fresh && this.read !== undefined && !(this.outdated && Date.now() - this.readAt >= REFRESH_MS)) {
      const found = this.find(this.read, offset);
      if (found !== undefined) return found;
    }
    const ranges = await this.reads.select<{ boundary: string; accounts: number | string }>(
      'SELECT boundary, SUM(accounts) AS accounts FROM account_name_range_counts GROUP BY boundary ORDER BY boundary',
      [],
    );
    let before = 0;
    this.readAt = Date.now();
    this.outdated = false;
    this.read = ranges.map((range) => {
      const entry = { boundary: range.boundary, before, accounts: Number(range.accounts) };
      before += entry.accounts;
      return entry;
    });
    return this.find(this.read, offset);
  }

  /** Reports the ranges kept out of date (a page found another count before its boundary): {@link start} reads them afresh. */
  outOfDate(): void {
    this.outdated = true;
  }

  /** The entry of `ranges` (in order, with the accounts before each) whose accounts include position `offset`. */
  private find(ranges: readonly KeptRange[], offset: number): RangeStart | undefined {
    let low = 0;
    let high = ranges.length;
    // The first range that ends after `offset` (ends never decrease).
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranges[middle].before + ranges[middle].accounts > offset) high = middle;
      else low = middle + 1;
    }
    const range = ranges[low];
    return range === undefined ? undefined : { boundary: range.boundary, before: range.before };
  }

  /** One pass of the timer: cuts the oversized ranges, then folds the scattered counter rows. */
  private async pass(): Promise<void> {
    await this.cutOversized();
    await this.foldCounters();
  }

  /**
   * Folds the counter rows of every range that has more than 4 into its row 0, holding their sum, so that the
   * ranges a deep page sums stay about one row each however many connections wrote into them. Each range is folded
   * in a transaction of its own that locks its counter rows: writes adding to them wait for it, and none is lost.
   *
   * @returns how many ranges were folded.
   */
  @GenerateSql()
  async foldCounters(): Promise<number> {
    if (!this.enabled) return 0;
    const scattered: { boundary: string }[] = await this.transactions.manager.query(
      'SELECT boundary FROM account_name_range_counts GROUP BY boundary HAVING COUNT(*) > ? ORDER BY boundary',
      [FOLD_ABOVE],
    );
    for (const { boundary } of scattered) await this.transactions.run(() => this.fold(boundary));
    return scattered.length;
  }

  /** Replaces the counter rows of the range `boundary` by one row 0 holding their sum. */
  private async fold(boundary: string): Promise<void> {
    const manager = this.transactions.manager;
    const rows: { accounts: number }[] = await manager.query(
      'SELECT accounts FROM account_name_range_counts WHERE boundary = ? FOR UPDATE',
      [boundary],
    );
    const accounts = rows.reduce((sum, row) => sum + Number(row.accounts), 0);
    await manager.query('DELETE FROM account_name_range_counts WHERE boundary = ? AND shard <> 0', [boundary]);
    await manager.query(
      'INSERT INTO account_name_range_counts (boundary, shard, accounts) VALUES (?, 0, ?) ON DUPLICATE KEY UPDATE accounts = VALUES(accounts)',
      [boundary, accounts],
    );
  }

  /**
   * Cuts every range holding more than 3,000 accounts.
   *
   * @returns how many boundaries were added.
   */
  @GenerateSql()
  async cutOversized(): Promise<number> {
    if (!this.enabled) return 0;
    const oversized: { boundary: string; accounts: number | string }[] = await this.transactions.manager.query(
      'SELECT boundary, SUM(accounts) AS accounts FROM account_name_range_counts GROUP BY boundary HAVING SUM(accounts) > ? ORDER BY boundary',
      [SPLIT_ABOVE],
    );
    let added = 0;
    for (const range of oversized) {
      const accounts = Number(range.accounts);
      if (this.uncuttable.get(range.boundary) === accounts) continue;
      const boundaries = await this.transactions.runWithoutGapLocks(() => this.cut(range.boundary));
      if (boundaries === 0) this.uncuttable.set(range.boundary, accounts);
      added += boundaries ?? 0;
    }
    return added;
  }

  /**
   * Cuts the range `boundary` into ranges of about 1,500 accounts, recounted.
   *
   * @returns the boundaries added, or `undefined` when the range no longer holds more than 3,000 accounts
   *   (another process cut it first).
   */
  private async cut(boundary: string): Promise<number | undefined> {
    const manager = this.transactions.manager;
    await manager.query('SELECT id FROM account_name_range_gate WHERE id = 1 FOR UPDATE');
    const [current]: { accounts: number | string | null }[] = await manager.query(
      'SELECT SUM(accounts) AS accounts FROM account_name_range_counts WHERE boundary = ?',
      [boundary],
    );
    if (Number(current?.accounts ?? 0) <= SPLIT_ABOVE) return undefined;
    const [next]: { boundary: string }[] = await manager.query(
      'SELECT boundary FROM account_name_ranges WHERE boundary > ? ORDER BY boundary LIMIT 1',
      [boundary],
    );
    const cuts: { name: string }[] = await manager.query(
      'SELECT x.name AS name FROM (SELECT a.name AS name, ROW_NUMBER() OVER (ORDER BY a.name, a.id) AS rn ' +
        `FROM accounts a WHERE ${this.within(boundary, next?.boundary)}) x WHERE x.rn % ? = 1 AND x.rn > 1 AND x.name > '' ORDER BY x.rn`,
      [...this.bounds(boundary, next?.boundary), NAME_RANGE_TARGET],
    );
    if (cuts.length === 0) return 0;
    const result: { affectedRows: number } = await manager.query(
      `INSERT INTO account_name_ranges (boundary) VALUES ${cuts.map(() => '(?)').join(', ')} ON DUPLICATE KEY UPDATE boundary = boundary`,
      cuts.map((cut) => cut.name),
    );
    if (result.affectedRows === 0) return 0;
    const ranges: { boundary: string }[] = await manager.query(
      `SELECT boundary FROM account_name_ranges WHERE boundary >= ?${next ? ' AND boundary < ?' : ''} ORDER BY boundary`,
      next ? [boundary, next.boundary] : [boundary],
    );
    const counts: number[] = [];
    for (const [index, range] of ranges.entries()) {
      const upper = ranges[index + 1]?.boundary ?? next?.boundary;
      const [counted]: { accounts: number }[] = await manager.query(
        `SELECT COUNT(*) AS accounts FROM accounts a WHERE ${this.within(range.boundary, upper)}`,
        this.bounds(range.boundary, upper),
      );
      counts.push(counted.accounts);
    }
    // Each range's counter rows become one row holding its count (no write is in flight: the gate is held).
    await manager.query(
      `DELETE FROM account_name_range_counts WHERE boundary >= ?${next ? ' AND boundary < ?' : ''}`,
      next ? [boundary, next.boundary] : [boundary],
    );
    await manager.query(
      `INSERT INTO account_name_range_counts (boundary, shard, accounts) VALUES ${ranges.map(() => '(?, 0, ?)').join(', ')}`,
      ranges.flatMap((range, index) => [range.boundary, counts[index]]),
    );
    return ranges.length - 1;
  }

  /** SQL: whether account `a`'s name is in the range from `lower` (`''`: no lower bound) up to `upper` (none when undefined). */
  private within(lower: string, upper: string | undefined): string {
    const conditions = [...(lower === '' ? [] : ['a.name >= ?']), ...(upper === undefined ? [] : ['a.name < ?'])];
    return conditions.length === 0 ? 'TRUE' : conditions.join(' AND ');
  }

  /** The parameters of {@link within}. */
  private bounds(lower: string, upper: string | undefined): string[] {
    return [...(lower === '' ? [] : [lower]), ...(upper === undefined ? [] : [upper])];
  }

  private failed(error: unknown): void {
    this.logger.warn(
      `Cutting account name ranges failed (retried in 5 seconds): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
