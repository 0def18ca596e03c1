import { Logger } from '@nestjs/common';

/** One replica as the readiness body and the metrics show it. */
export interface ReplicaStatus {
  /** `host:port` of the replica (no credentials). */
  readonly replica: string;
  /** Whether it serves reads now. */
  readonly available: boolean;
  /** Last measured lag in seconds; `null` before the first measurement or while unreachable. */
  readonly lag_seconds: number | null;
  /** Why it serves no reads (unreachable, lagging, no heartbeat yet); absent while available. */
  readonly reason?: string;
}

interface ReplicaState {
  readonly name: string;
  available: boolean;
  lagSeconds: number | null;
  reason: string | undefined;
}

/**
 * The read replicas of this process (`DATABASE_REPLICA_URLS`, docs/api.md#scaling)
 * and which of them serve reads: {@link pick} hands them out in round robin
 * among the available ones. A replica starts out of rotation ("not checked
 * yet") and enters it when the lag monitor has seen it within
 * `REPLICA_MAX_LAG`; it leaves on a failed statement or check, or lag past
 * the bound. Each change of rotation is logged once. Indices are positions
 * in `DATABASE_REPLICA_URLS`.
 */
export class ReplicaSet {
  private readonly logger = new Logger('Replicas');
  private readonly states: ReplicaState[];
  private next = 0;

  /** @param urls the replicas' URLs (`DATABASE_REPLICA_URLS`); none in processes that read only the primary. */
  constructor(urls: readonly string[]) {
    this.states = urls.map((url) => ({
      name: replicaName(url),
      available: false,
      lagSeconds: null,
      reason: 'not checked yet',
    }));
  }

  /** Number of configured replicas. */
  get size(): number {
    return this.states.length;
  }

  /** The next available replica in round robin, or `undefined`: read the primary. */
  pick(): number | undefined {
    for (let tried = 0; tried < this.states.length; tried++) {
      const index = this.next++ % this.states.length;
      if (this.states[index].available) return index;
    }
    return undefined;
  }

  /** Records a measured lag (seconds): in rotation when at most `maxLagSeconds`. */
  recordLag(index: number, lagSeconds: number, maxLagSeconds: number): void {
    const state = this.states[index];
    state.lagSeconds = lagSeconds;
    if (lagSeconds <= maxLagSeconds) this.setAvailable(state, true, undefined);
    else this.setAvailable(state, false, `lag ${lagSeconds.toFixed(1)} s over REPLICA_MAX_LAG (${maxLagSeconds} s)`);
  }

  /** Takes the replica out of rotation because a check or a statement failed. */
  recordFailure(index: number, reason: string): void {
    const state = this.states[index];
    state.lagSeconds = null;
    this.setAvailable(state, false, reason);
  }

  /** Every replica's state, in configuration order. */
  statuses(): ReplicaStatus[] {
    return this.states.map((state) => ({
      replica: state.name,
      available: state.available,
      lag_seconds: state.lagSeconds === null ? null : Math.round(state.lagSeconds * 1000) / 1000,
      ...(state.reason === undefined ? {} : { reason: state.reason }),
    }));
  }

  private setAvailable(state: ReplicaState, available: boolean, reason: string | undefined): void {
    // A replica failing its first check is logged too: one never reachable costs no failed start, but says so.
    const logged = state.available !== available || (!available && state.reason === 'not checked yet');
    state.available = available;
    state.reason = reason;
    if (!logged) return;
    if (available) this.logger.log(`Replica ${state.name} serves reads (lag ${(state.lagSeconds ?? 0).toFixed(2)} s)`);
    else this.logger.warn(`Replica ${state.name} serves no reads, they go to another replica or the primary: ${reason}`);
  }
}

/** `host:port` of a replica URL, for logs and metric labels (never its credentials). */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '3306'}`;
}
