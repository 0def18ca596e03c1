import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The Prometheus registry of one process (API or worker): its own instance,
 * not prom-client's global one, so that several apps in one process (tests)
 * do not share counters. Holds the Node.js process metrics too.
 */
export class MetricsRegistry extends Registry {
  constructor() {
    super();
    collectDefaultMetrics({ register: this });
  }
}
