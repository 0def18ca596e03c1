import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';

import { DependencyMetrics } from './dependency-metrics.service.js';
import { MetricsRegistry } from './metrics-registry.js';

/** How one delivery attempt ended (docs/api.md#events). */
export type AttemptOutcome = 'succeeded' | 'retry' | 'failed';

/** A source of a gauge value, read when Prometheus scrapes. */
export type GaugeSource<T> = () => Promise<T>;

/** The states of the delivery queue reported as `callback_queue_jobs{state}`. */
export type QueueCounts = Partial<Record<'waiting' | 'delayed' | 'active' | 'failed', number>>;

/**
 * Delivery metrics (docs/api.md#events), recorded by the delivery code and
 * read from the process that runs it (worker, or the API in embedded mode):
 * - `callback_delivery_attempts_total{event,outcome}`: each HTTP attempt;
 * - `callback_deliveries_total{event,outcome}`: deliveries ended (`succeeded` or `failed`);
 * - `callback_delivery_attempts{event,outcome}`: histogram of the attempts a delivery took when it ended;
 * - `outbox_backlog`: committed events not yet handed to delivery;
 * - `callback_queue_jobs{state}`: delivery jobs by state;
 * - `callbacks_disabled`: callbacks disabled now (docs/api.md#delivery-log);
 * - `callback_disabled_total`: callbacks this process disabled for failing too long;
 * - `accounts_delivery_latency_seconds{event}`: histogram of the time from the
 *   event's commit to the 2xx that ended its delivery (first round only: a
 *   redelivery or `recover` is an operator's choice, not latency);
 * - `accounts_deliveries_admissible`: deliveries due now that the apps' windows
 *   and rate limits let the workers attempt (docs/scaling.md#autoscaling-the-workers),
 *   deployment-wide: what the worker autoscaler follows.
 *
 * The gauges read the sources registered with the `set...Source` methods at
 * scrape time, from the database through {@link DependencyMetrics.read}: while
 * it is down or slow they are left out of the scrape. Without a source they
 * report nothing.
 */
@Injectable()
export class DeliveryMetrics {
  private readonly attempts: Counter<'event' | 'outcome'>;
  private readonly deliveries: Counter<'event' | 'outcome'>;
  private readonly attemptsPerDelivery: Histogram<'event' | 'outcome'>;
  private backlogSource: GaugeSource<number> | undefined;
  private queueSource: GaugeSource<QueueCounts> | undefined;
  private disabledSource: GaugeSource<number> | undefined;
  private admissibleSource: GaugeSource<number> | undefined;
  private readonly disabledTotal: Counter;
  private readonly latency: Histogram<'event'>;

  constructor(registry: MetricsRegistry, dependencies: DependencyMetrics) {
    const fromDatabase = <T>(source: GaugeSource<T>) => dependencies.read('database', source);
    this.attempts = new Counter({
      name: 'callback_delivery_attempts_total',
      help: 'Callback delivery attempts, by event type and outcome (succeeded, retry, failed).',
      labelNames: ['event', 'outcome'],
      registers: [registry],
    });
    this.deliveries = new Counter({
      name: 'callback_deliveries_total',
      help: 'Callback deliveries that ended, by event type and outcome (succeeded, failed).',
      labelNames: ['event', 'outcome'],
      registers: [registry],
    });
    this.attemptsPerDelivery = new Histogram({
      name: 'callback_delivery_attempts',
      help: 'Attempts taken by the deliveries that ended, by event type and outcome (succeeded, failed).',
      labelNames: ['event', 'outcome'],
      buckets: [1, 2, 3, 4, 5, 6, 7, 8, 10, 15],
      registers: [registry],
    });
    const backlog = new Gauge({
      name: 'outbox_backlog',
      help: 'Committed events waiting in the outbox to be handed to delivery.',
      registers: [registry],
      collect: async () => {
        if (this.backlogSource) backlog.set(await fromDatabase(this.backlogSource));
      },
    });
    this.disabledTotal = new Counter({
      name: 'callback_disabled_total',
      help: 'Callbacks this process disabled because their deliveries failed for CALLBACK_DISABLE_AFTER.',
      registers: [registry],
    });
    const disabled = new Gauge({
      name: 'callbacks_disabled',
      help: 'Callbacks disabled now (their deliveries are held until the app enables them).',
      registers: [registry],
      collect: async () => {
        if (this.disabledSource) disabled.set(await fromDatabase(this.disabledSource));
      },
    });
    const queue = new Gauge({
      name: 'callback_queue_jobs',
      help: 'Callback delivery jobs by state (waiting, delayed, active, failed).',
      labelNames: ['state'],
      registers: [registry],
      collect: async () => {
        if (!this.queueSource) return;
        for (const [state, count] of Object.entries(await fromDatabase(this.queueSource))) queue.set({ state }, count ?? 0);
      },
    });
    const admissible = new Gauge({
      name: 'accounts_deliveries_admissible',
      help:
        'Deliveries due now that the workers may attempt: per app at most its window (4 x CALLBACK_CONCURRENCY) ' +
        'and, per callback, its rate_limit; deployment-wide.',
      registers: [registry],
      collect: async () => {
        if (this.admissibleSource) admissible.set(await fromDatabase(this.admissibleSource));
      },
    });
    this.latency = new Histogram({
      name: 'accounts_delivery_latency_seconds',
      help: "Seconds from an event's commit to the 2xx answer that delivered it (first round), by event type.",
      labelNames: ['event'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 28800],
      registers: [registry],
    });
  }

  /** Records a delivery of `event` that succeeded `seconds` after its event was committed. */
  recordLatency(event: string, seconds: number): void {
    this.latency.observe({ event }, Math.max(0, seconds));
  }

  /** Sets where `accounts_deliveries_admissible` is read from (the scheduler's windows over the deliveries table). */
  setAdmissibleSource(source: GaugeSource<number>): void {
    this.admissibleSource = source;
  }

  /** Records one HTTP attempt of a delivery of `event`. */
  recordAttempt(event: string, outcome: AttemptOutcome): void {
    this.attempts.inc({ event, outcome });
  }

  /** Records a delivery of `event` that ended (succeeded, or failed for good) after `attempts` attempts. */
  recordDelivery(event: string, outcome: Exclude<AttemptOutcome, 'retry'>, attempts: number): void {
    this.deliveries.inc({ event, outcome });
    this.attemptsPerDelivery.observe({ event, outcome }, attempts);
  }

  /** Counts a callback disabled for failing too long. */
  recordCallbackDisabled(): void {
    this.disabledTotal.inc();
  }

  /** Sets where `callbacks_disabled` is read from (the callbacks table). */
  setDisabledCallbacksSource(source: GaugeSource<number>): void {
    this.disabledSource = source;
  }

  /** Sets where `outbox_backlog` is read from (the outbox relay). */
  setOutboxBacklogSource(source: GaugeSource<number>): void {
    this.backlogSource = source;
  }

  /** Sets where `callback_queue_jobs` is read from (the BullMQ queue, or the embedded runner). */
  setQueueSource(source: GaugeSource<QueueCounts>): void {
    this.queueSource = source;
  }
}
