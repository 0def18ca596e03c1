import { Injectable } from '@nestjs/common';

import { AppConfig } from '../config/app-config.js';

/**
 * Fair delivery across apps: this process's attempts in flight, counted by
 * app, each app held to `CALLBACK_APP_CONCURRENCY` of them. A delivery whose
 * app is at its share waits outside the process's delivery slots (the worker
 * moves its job back to `delayed`, the embedded sender leaves it in the
 * database), so receivers that hang slow down their own app only
 * (operations.md#retries, decisions.md: "One app's hanging receivers?").
 *
 * Counted in memory, per process: the slots shared are this process's, so a
 * worker that dies takes its counts with it and several workers need no
 * shared counter (and no Redis round trip per delivery).
 */
@Injectable()
export class AppSlots {
  private readonly inFlight = new Map<number, number>();
  private readonly perApp: number;

  constructor(config: AppConfig) {
    this.perApp = config.callbackAppConcurrency;
  }

  /** Takes one of `appId`'s slots. @returns false (nothing taken) when the app already holds its share. */
  tryTake(appId: number): boolean {
    const held = this.inFlight.get(appId) ?? 0;
    if (held >= this.perApp) return false;
    this.inFlight.set(appId, held + 1);
    return true;
  }

  /** Gives back a slot {@link tryTake} took. */
  release(appId: number): void {
    const held = this.inFlight.get(appId) ?? 0;
    if (held <= 1) this.inFlight.delete(appId);
    else this.inFlight.set(appId, held - 1);
  }

  /** The apps holding their whole share now. */
  fullApps(): number[] {
    return [...this.inFlight].filter(([, held]) => held >= this.perApp).map(([appId]) => appId);
  }
}
