import { Injectable } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';

/** An attempt that took less than this (seconds) is fast: its app may borrow idle slots. */
const FAST_ATTEMPT_SECONDS = 1;

/** One app's attempts in flight in this process. */
interface AppAttempts {
  /** Start times (seconds) of the attempts in flight. */
  readonly started: number[];
  /** Whether its last finished attempt was fast. */
  lastFast: boolean;
}

/**
 * Fair delivery across apps: this process's attempts in flight, counted by
 * app. Each app may always hold `CALLBACK_APP_CONCURRENCY` slots (its share).
 * An app whose receivers answer fast (its last attempt took under a second,
 * and none in flight is older) may borrow more while a share's worth of
 * slots stays free for the others; a slow or hanging app gets its share only.
 * A delivery whose app may not take a slot waits outside the process's
 * delivery slots (the worker moves its job back to `delayed`, the embedded
 * sender leaves it in the database), so receivers that hang slow down their
 * own app only (operations.md#fair-delivery-across-apps, decisions.md: "One
 * app's hanging receivers?").
 *
 * Counted in memory, per process: the slots shared are this process's, so a
 * worker that dies takes its counts with it and several workers need no
 * shared counter (and no Redis round trip per delivery).
 */
@Injectable()
export class AppSlots {
  private readonly apps = new Map<number, AppAttempts>();
  private readonly perApp: number;
  private readonly total: number;
  private held = 0;
  /** Per app, the callers of {@link takeOrWait} waiting for one of its attempts to end. */
  private readonly waiting = new Map<number, (() => void)[]>();

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.perApp = config.callbackAppConcurrency;
    this.total = config.callbackConcurrency;
  }

  /**
   * Takes a slot for an attempt to `appId`'s callback.
   * @returns the function that gives it back once the attempt ended, or
   *   `null` (nothing taken) when the app may not take one now.
   */
  take(appId: number): (() => void) | null {
    const now = this.clock.nowSeconds();
    if (!this.mayTake(appId, now)) return null;
    const app = this.apps.get(appId) ?? { started: [], lastFast: false };
    this.apps.set(appId, app);
    app.started.push(now);
    this.held += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      app.started.splice(app.started.indexOf(now), 1);
      app.lastFast = this.clock.nowSeconds() - now < FAST_ATTEMPT_SECONDS;
      if (app.started.length === 0 && !app.lastFast) this.apps.delete(appId);
      this.waiting.get(appId)?.shift()?.();
    };
  }

  /**
   * {@link take}, and for an app answering fast that may not take a slot
   * now (it holds all it may borrow), waits up to `maxWaitMs` for one of its
   * own attempts to end, then tries once more. A fast app's attempts end
   * within milliseconds, so its next delivery waits here that long rather
   * than a second outside the slots; a slow or hanging app never waits here.
   *
   * @returns the release function, or `null` (nothing taken).
   */
  async takeOrWait(appId: number, maxWaitMs: number): Promise<(() => void) | null> {
    const release = this.take(appId);
    if (release || !this.fast(this.apps.get(appId), this.clock.nowSeconds())) return release;
    const queue = this.waiting.get(appId) ?? [];
    this.waiting.set(appId, queue);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(woken, maxWaitMs);
      function woken(): void {
        clearTimeout(timer);
        const index = queue.indexOf(woken);
        if (index >= 0) queue.splice(index, 1);
        resolve();
      }
      queue.push(woken);
    });
    if (queue.length === 0) this.waiting.delete(appId);
    return this.take(appId);
  }

  /**
   * How many slots `appId` may take now: what is left of its share, or, for
   * an app answering fast, what it may borrow while a share stays free.
   */
  room(appId: number): number {
    const now = this.clock.nowSeconds();
    const app = this.apps.get(appId);
    const held = app?.started.length ?? 0;
    const share = Math.max(0, this.perApp - held);
    const borrowable = this.fast(app, now) ? Math.max(0, this.total - this.held - share - this.perApp) : 0;
    return share + borrowable;
  }

  private mayTake(appId: number, now: number): boolean {
    const app = this.apps.get(appId);
    const held = app?.started.length ?? 0;
    if (held < this.perApp) return true;
    return this.fast(app, now) && this.total - this.held - 1 >= this.perApp;
  }

  /** Its last attempt was fast and none in flight has run for long. */
  private fast(app: AppAttempts | undefined, now: number): boolean {
    return app !== undefined && app.lastFast && app.started.every((started) => now - started < FAST_ATTEMPT_SECONDS);
  }
}
