import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';

import { DependencyUnavailableError } from './dependency-unavailable.error.js';
import { MetricsRegistry } from './metrics-registry.js';

/** The dependencies whose state `/metrics` reports. */
export type Dependency = 'database' | 'redis';

/** How long a probe, or a gauge's read of a dependency, may take at a scrape (milliseconds). */
export const DEPENDENCY_TIMEOUT_MS = 1000;

/**
 * The state of the process's dependencies at each scrape, and the guard of the
 * gauges read from them (docs/operations.md#metrics-during-an-outage):
 * - `accounts_dependency_up{dependency="database"|"redis"}`: 1 when the
 *   dependency answered its probe (`SELECT 1`, Redis `PING`) within
 *   {@link DEPENDENCY_TIMEOUT_MS}, else 0; a dependency the process does not
 *   use (Redis in embedded mode) has no series.
 * - {@link read}: a gauge's source runs only when its dependency's probe of this
 *   scrape succeeded, and within the same timeout; otherwise the gauge is left
 *   out of the scrape (not reported as 0, not kept at its last value), so a
 *   panel shows a gap and an alert on it does not fire on a stale number.
 *
 * The probes are registered by the code that owns each connection (the
 * database module, the readiness check's Redis client); one probe of each runs
 * per scrape, shared by every gauge of that scrape.
 */
@Injectable()
export class DependencyMetrics {
  private readonly probes = new Map<Dependency, () => Promise<void>>();
  private readonly state = new Map<Dependency, { up: boolean; reason: string }>();
  private probing: Promise<void> | undefined;

  constructor(registry: MetricsRegistry) {
    const probe = () => this.probe();
    const state = this.state;
    new Gauge({
      name: 'accounts_dependency_up',
      help: 'Whether the dependency (database, redis) answered its probe within 1 s at this scrape (1) or not (0).',
      labelNames: ['dependency'],
      registers: [registry],
      async collect() {
        await probe();
        this.reset();
        for (const dependency of [...state.keys()].sort()) this.set({ dependency }, state.get(dependency)!.up ? 1 : 0);
      },
    });
  }

  /** Registers how to probe `dependency` (a cheap round trip that throws when it is unreachable). */
  register(dependency: Dependency, probe: () => Promise<void>): void {
    this.probes.set(dependency, probe);
  }

  /**
   * Reads a gauge's value from `dependency`.
   * @throws DependencyUnavailableError when the dependency is down at this scrape, or `source` fails or takes longer
   *   than {@link DEPENDENCY_TIMEOUT_MS} (the registry then leaves the metric out).
   */
  async read<T>(dependency: Dependency, source: () => Promise<T>): Promise<T> {
    await this.probe();
    const state = this.state.get(dependency);
    if (state && !state.up) throw new DependencyUnavailableError(dependency, state.reason);
    try {
      return await withTimeout(source(), DEPENDENCY_TIMEOUT_MS);
    } catch (error) {
      throw new DependencyUnavailableError(dependency, describe(error));
    }
  }

  /** Probes every registered dependency, once for all the gauges of a scrape (a probe in progress is shared). */
  probe(): Promise<void> {
    this.probing ??= Promise.all(
      [...this.probes].map(async ([dependency, probe]) => {
        try {
          await withTimeout(probe(), DEPENDENCY_TIMEOUT_MS);
          this.state.set(dependency, { up: true, reason: '' });
        } catch (error) {
          this.state.set(dependency, { up: false, reason: describe(error) });
        }
      }),
    ).then(() => {
      this.probing = undefined;
    });
    return this.probing;
  }
}

/** `promise`, or a rejection after `ms` milliseconds. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
