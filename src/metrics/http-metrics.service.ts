import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';

import { MetricsRegistry } from './metrics-registry.js';

/** Route label of requests that matched no route (404s), so unknown paths cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * HTTP metrics: `http_requests_total` and the latency histogram
 * `http_request_duration_seconds`, both labelled by method, route template
 * (e.g. `/account/:account`, never the raw path) and status code. Every answer
 * counts, including those of guards, the body limit and the rate limit.
 */
@Injectable()
export class HttpMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registry: MetricsRegistry) {
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, in seconds, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  /** Observes every response of `fastify`; call before its routes are registered (before `app.init()`). */
  observe(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: String(reply.statusCode),
      };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }
}
