import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Transactions } from '../../database/transactions.js';
import { DeliveryMetrics } from '../../metrics/delivery-metrics.service.js';
import { DueDeliveriesReader } from '../../read-model/due-deliveries.reader.js';
import { type Admission, DeliveriesRepository } from '../deliveries.repository.js';
import { admissibleDeliveries } from './admissible-deliveries.js';
import { DeliveryTransport } from './delivery-transport.js';

/** Each app's window, in `CALLBACK_CONCURRENCY`s: what one app may have admitted at once. */
const WINDOW_PER_CONCURRENCY = 4;

/** Apps admitted for in one pass at most (the next pass goes on with the others). */
const APPS_PER_PASS = 100;

/** Admissions one pass makes at most before it hands back to the pump (which relays, then passes again). */
const ADMISSIONS_PER_PASS = 10;

/**
 * The one delivery engine (docs/api.md#isolation-between-apps): the `deliveries` table is
 * the scheduler of record, and this class decides which due rounds reach the
 * transport (BullMQ, or the API process itself) and in which order. Each app
 * may have at most a window of `4 × CALLBACK_CONCURRENCY` rounds admitted
 * (queued or in flight, counted in the database over every process); every
 * pass fills the windows of the apps with due work, round robin from a
 * turning start, and hands the rounds over interleaved (one of each app, then
 * the next), so another app's fresh delivery never waits behind more than a
 * window of one app's backlog. Retries, redeliveries, `recover` and rate
 * limits only change rows; an attempt's outcome ends its admission and the
 * window refills on the next pass.
 *
 * Admissions are made in one short READ COMMITTED transaction (rows read
 * `FOR UPDATE SKIP LOCKED`), committed before the transport is called, so no
 * row lock is held over a Redis call; what the transport did not take is put
 * back. Two processes passing at once may each fill a window: an app then has
 * at most one window per process admitted.
 */
@Injectable()
export class DeliveryScheduler implements OnModuleInit {
  private readonly logger = new Logger('DeliveryScheduler');
  private readonly window: number;
  /** The app served first by the last pass: the next starts after it. */
  private lastFirst = 0;
  /**
   * Admissions nothing runs: those the transport did not take whose put-back
   * failed, and those of an admission whose commit failed (it may have
   * committed). The next pass puts them back first, rather than the
   * transport's repair minutes later.
   */
  private unreleased: Admission[] = [];

  constructor(
    private readonly transactions: Transactions,
    private readonly deliveries: DeliveriesRepository,
    private readonly transport: DeliveryTransport,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
    private readonly due: DueDeliveriesReader,
    config: AppConfig,
  ) {
    this.window = WINDOW_PER_CONCURRENCY * config.callbackConcurrency;
  }

  /**
   * Reports deliveries by where they stand, deployment-wide, as
   * `callback_queue_jobs`: due and waiting for admission (`waiting`), admitted
   * (`active`: queued or being attempted), due later (`delayed`), failed;
   * and as `accounts_deliveries_admissible` those due now that the windows
   * and rate limits let the workers attempt.
   */
  onModuleInit(): void {
    this.metrics.setAdmissibleSource(async () =>
      admissibleDeliveries(await this.due.dueByCallback(this.clock.nowSeconds(), this.window), this.window),
    );
    this.metrics.setQueueSource(async () => {
      const counts = await this.deliveries.countByState(this.clock.nowSeconds());
      return { waiting: counts.waiting, active: counts.admitted, delayed: counts.later, failed: counts.failed };
    });
  }

  /**
   * One scheduling pass: admits due rounds into the apps' free windows and
   * hands them to the transport, then lets it repair what it lost.
   *
   * @returns when (seconds) the earliest round still waiting is due, or
   *   `null` when none waits (the pump looks again then, or at its poll).
   * @throws database or transport errors (the pump tries again).
   */
  async dispatch(): Promise<number | null> {
    if (this.unreleased.length > 0) {
      await this.deliveries.release(this.unreleased);
      this.unreleased = [];
    }
    const next = await this.admitAndHand();
    await this.transport.repair();
    return next;
  }

  private async admitAndHand(): Promise<number | null> {
    for (let round = 1; ; round += 1) {
      const { admissions, nextDueAt, more } = await this.admit();
      if (admissions.length === 0) return nextDueAt;
      let left: readonly Admission[];
      try {
        left = await this.transport.hand(admissions);
      } catch (error) {
        await this.putBack(admissions);
        throw error;
      }
      if (left.length > 0) await this.putBack(left, { untaken: true });
      // Apps left out of this turn (more than APPS_PER_PASS due) are admitted for at once; a full window waits for
      // the attempts that end (the pump's refill), so a pass never looks again only to find its windows still full.
      if (!more || left.length > 0) return nextDueAt;
      // More may be due at once: the pump passes again right after relaying.
      if (round >= ADMISSIONS_PER_PASS) return this.clock.nowSeconds();
    }
  }

  /** Admits, in one transaction, what the windows and the transport allow now. */
  private async admit(): Promise<{ admissions: Admission[]; nextDueAt: number | null; more: boolean }> {
    let capacity = this.transport.capacity();
    if (capacity <= 0) return { admissions: [], nextDueAt: null, more: false };
    const now = this.clock.nowSeconds();
    const marked: Admission[] = [];
    try {
      return await this.transactions.runWithoutGapLocks(async () => {
        const waiting = await this.deliveries.waitingApps();
        const later = waiting.filter((app) => app.dueAt > now).map((app) => app.dueAt);
        const nextDueAt = later.length > 0 ? Math.min(...later) : null;
        const dueApps = waiting.filter((app) => app.dueAt <= now).map((app) => app.appId);
        const due = this.inTurn(dueApps);
        if (due.length === 0) return { admissions: [], nextDueAt, more: false };
        const admitted = new Map(waiting.map((app) => [app.appId, app.admitted]));
        const room = new Map(
          due.map((appId) => [appId, Math.min(this.window - (admitted.get(appId) ?? 0), this.transport.roomFor(appId))] as const),
        );
        // Round robin: one round per app and turn, until the transport or every window is full.
        const shares = new Map<number, number>();
        for (let progress = true; progress && capacity > 0;) {
          progress = false;
          for (const appId of due) {
            if (capacity <= 0) break;
            if ((room.get(appId) ?? 0) <= (shares.get(appId) ?? 0)) continue;
            shares.set(appId, (shares.get(appId) ?? 0) + 1);
            capacity -= 1;
            progress = true;
          }
        }
        const admittedAt = now;
        const byApp: Admission[][] = [];
        for (const [appId, share] of shares) {
          const rounds = await this.deliveries.admit(appId, now, share, admittedAt);
          byApp.push(rounds);
          marked.push(...rounds);
        }
        if (due.length > 0) this.lastFirst = due[0];
        const more = dueApps.length > due.length && capacity > 0;
        return { admissions: interleave(byApp), nextDueAt, more: more && byApp.some((rounds) => rounds.length > 0) };
      });
    } catch (error) {
      // A commit whose answer was lost (the database went away) may have admitted them, and nothing holds them:
      // the next pass puts them back (a no-op for rows this admission does not hold).
      this.unreleased.push(...marked);
      throw error;
    }
  }

  /** The apps in this pass's turn: from the one after the last pass's first, at most {@link APPS_PER_PASS}. */
  private inTurn(appIds: number[]): number[] {
    const sorted = [...appIds].sort((a, b) => a - b);
    const start = sorted.findIndex((appId) => appId > this.lastFirst);
    const turned = start <= 0 ? sorted : [...sorted.slice(start), ...sorted.slice(0, start)];
    return turned.slice(0, APPS_PER_PASS);
  }

  /**
   * Gives `admissions` back to wait. When that fails, those the transport
   * did not take (`untaken`) are put back by the next pass; the others (a
   * transport that failed while taking them may have taken some) are left
   * to the transport's repair, or in queue mode its admission check.
   */
  private async putBack(admissions: readonly Admission[], { untaken = false } = {}): Promise<void> {
    try {
      await this.deliveries.release(admissions);
    } catch (error) {
      if (untaken) this.unreleased.push(...admissions);
      this.logger.warn(
        `Could not put back ${admissions.length} admitted deliveries: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** `[[a1, a2], [b1]]` → `[a1, b1, a2]`: one of each app, then the next. */
function interleave(lists: readonly (readonly Admission[])[]): Admission[] {
  const result: Admission[] = [];
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  for (let index = 0; result.length < total; index += 1) for (const list of lists) if (index < list.length) result.push(list[index]);
  return result;
}
