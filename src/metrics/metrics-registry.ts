import { Logger } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';

import { DependencyUnavailableError } from './dependency-unavailable.error.js';

/**
 * The Prometheus registry of one process (API or worker): its own instance,
 * not prom-client's global one, so that several apps in one process (tests)
 * do not share counters. Holds the Node.js process metrics too.
 *
 * A scrape always answers (docs/operations.md#metrics-during-an-outage): a
 * metric that cannot be read now (its source's dependency is down or slower
 * than its timeout, see `DependencyMetrics`) is left out of that scrape, and
 * every other metric is served.
 */
export class MetricsRegistry extends Registry {
  private readonly logger = new Logger('Metrics');

  constructor() {
    super();
    collectDefaultMetrics({ register: this });
  }

  /** The text exposition (format 0.0.4) of every metric that could be read. */
  override async metrics(): Promise<string> {
    const texts = await Promise.all(
      this.getMetricsAsArray().map((metric) =>
        this.getSingleMetricAsString(metric.name).catch((error: unknown) => {
          if (!(error instanceof DependencyUnavailableError))
            this.logger.warn(`Metric ${metric.name} left out of this scrape: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        }),
      ),
    );
    return `${texts.filter((text) => text !== undefined).join('\n\n')}\n`;
  }
}
