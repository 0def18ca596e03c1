import { Inject, Injectable, Logger } from '@nestjs/common';

import { DELIVERY_CALLBACKS, type DeliveryCallbacks } from '../../callbacks/delivery-callbacks.js';
import { inGrace, parsePreviousSecrets } from '../../callbacks/previous-secrets.js';
import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { DeliveryMetrics } from '../../metrics/delivery-metrics.service.js';
import { type AttemptInput, DeliveryAttemptReader } from '../../read-model/delivery-attempt.reader.js';
import { describeActiveSpan, inStoredTrace } from '../../tracing/trace-context.js';
import { type AttemptChanges, DeliveriesRepository, type DeliveryRound, type EndWithoutAttempt } from '../deliveries.repository.js';
import { CALLBACK_DELETED, CALLBACK_DISABLED } from '../delivery-status.js';
import { type AttemptResult, nextStep } from './retry-policy.js';
import { CallbackRateLimiter } from './callback-rate-limiter.js';
import { WebhookSender } from './webhook-sender.js';

/**
 * Tries at writing an attempt's outcome before giving up (the attempt is then
 * made again): with the backoff of `record`, about 20 s, so that a short
 * database outage loses no outcome and sends nothing twice.
 */
const RECORD_ATTEMPTS = 9;

/** Longest wait between two tries at writing an outcome (milliseconds). */
const MAX_RECORD_BACKOFF_MS = 5_000;

/** Callbacks whose last written success {@link DeliveryExecutor} remembers (then it starts over). */
const MAX_REMEMBERED_SUCCESSES = 10_000;

/**
 * What became of an admitted delivery (recorded in the database already):
 * ended, due again after a retry's delay, or postponed by its callback's
 * rate limit (no attempt made).
 */
export type ExecutionOutcome =
  | { readonly kind: 'done'; readonly status: 'succeeded' | 'failed' | 'cancelled' | 'skipped' }
  | { readonly kind: 'retry'; readonly delayMs: number }
  | { readonly kind: 'postponed'; readonly waitMs: number };

/** The admission an attempt is made for; without `admittedAt` (a job older than the scheduler) any pending row of the round. */
export interface AttemptRequest {
  readonly id: number;
  readonly round: number;
  readonly admittedAt?: number;
}

/**
 * Makes one attempt of one delivery and records it (docs/api.md#events); the same
 * code runs in the worker and in embedded mode. The callback, its secret and
 * the event body are read from the database now, never from the queue: a
 * callback deleted in the meantime cancels the delivery, a replaced one
 * receives it at its new URL with its new secret, and a disabled one holds it
 * (failed, not sent). A callback with a `rate_limit` whose second is full
 * postpones the delivery without an attempt (docs/api.md#isolation-between-apps).
 * Each attempt adds a row to the attempt log and, when the delivery ends,
 * updates its callback's health (docs/api.md#delivery-log). Every outcome
 * ends the delivery's admission.
 */
@Injectable()
export class DeliveryExecutor {
  private readonly logger = new Logger('Delivery');
  /** Callback id → when this process last wrote a success for it (seconds). */
  private readonly successWritten = new Map<number, number>();

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly attemptReader: DeliveryAttemptReader,
    private readonly sender: WebhookSender,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
    @Inject(DELIVERY_CALLBACKS) private readonly callbacks: DeliveryCallbacks,
    private readonly rateLimiter: CallbackRateLimiter,
  ) {}

  /**
   * @param request the admission: an attempt for another round, another
   *   admission, or a delivery no longer pending is skipped.
   * @param queue the BullMQ queue the request came from; none in embedded mode (the attempt span's `messaging.*`).
   * @throws database (or, for a rate limit, Redis) errors as they are (the caller tries again later).
   */
  async execute(request: AttemptRequest, queue?: string): Promise<ExecutionOutcome> {
    const input = await this.attemptReader.findAttempt(request.id);
    if (!input || !holds(input.delivery, request)) return { kind: 'done', status: 'skipped' };
    const { delivery, event } = input;
    // The rest runs in the attempt's span, which continues the trace of the request that recorded the event: its
    // statements, its POST and its log lines (with their trace_id) belong to it (docs/operations.md#tracing).
    return inStoredTrace(
      event.traceContext,
      queue === undefined ? { system: 'outbox', destination: event.type } : { system: 'bullmq', destination: queue },
      {
        'delivery.id': delivery.id,
        'delivery.attempt': delivery.totalAttempts + 1,
        'delivery.event': event.type,
        'app.id': delivery.appId,
        'webhook.id': delivery.webhookId,
      },
      () => this.attempt(input),
    );
  }

  private async attempt({ delivery, callback, event }: AttemptInput): Promise<ExecutionOutcome> {
    if (!callback) {
      await this.record(delivery, { status: 'cancelled', lastError: CALLBACK_DELETED });
      this.logger.log(`Delivery ${delivery.id} cancelled: callback deleted`);
      return { kind: 'done', status: 'cancelled' };
    }
    if (callback.disabled) {
      // Held, not sent: `recover` sends it once the callback is enabled (docs/api.md#delivery-log).
      await this.record(delivery, { status: 'failed', lastError: CALLBACK_DISABLED });
      return { kind: 'done', status: 'failed' };
    }
    // A slot of the callback's rate limit, counted from when the request is sent (docs/api.md#rate-limit).
    const slot = callback.rateLimit === null ? undefined : await this.rateLimiter.acquire(callback.id, callback.rateLimit);
    if (typeof slot === 'number') {
      await this.deliveries.postpone(delivery, delivery.admittedAt, this.clock.nowSeconds() + slot / 1000);
      return { kind: 'postponed', waitMs: slot };
    }
    const startedAt = this.clock.nowSeconds();
    const startedMs = performance.now();
    const previousSecrets = inGrace(parsePreviousSecrets(callback.previousSecrets), startedAt).map((previous) => previous.secret);
    const result = await this.sender.send(
      { url: callback.url, secret: callback.secret, previousSecrets },
      { webhookId: delivery.webhookId, event: event.type, body: event.body },
      slot?.sent,
    );
    describeAttemptSpan(result);
    const durationMs = Math.round(performance.now() - startedMs);
    await slot?.settle();
    const attempts = delivery.attempts + 1;
    const totalAttempts = delivery.totalAttempts + 1;
    const step = nextStep(result, attempts, this.config.callbackRetryDelaysMs);
    const now = this.clock.nowSeconds();
    // Counts a new attempt: the outcome's UPDATE writes its attempt-log row too.
    const attempt: Omit<AttemptChanges, 'status' | 'nextAttemptAt'> = {
      attempts,
      totalAttempts,
      url: callback.url,
      lastAttemptAt: now,
      lastDurationMs: durationMs,
      lastResponseBody: result.kind === 'answer' ? (result.body ?? null) : null,
      ...describe(result),
    };
    if (step.kind === 'retry') {
      await this.record(delivery, { ...attempt, status: 'pending', nextAttemptAt: now + step.delayMs / 1000 });
      this.metrics.recordAttempt(event.type, 'retry');
      this.logger.warn(
        `Delivery ${delivery.id} attempt ${attempts} to app ${delivery.appId} failed (${summary(result)}); retry in ${step.delayMs} ms`,
      );
      return step;
    }
    const disabled = await this.record(
      delivery,
      { ...attempt, status: step.kind, nextAttemptAt: null },
      {
        callbackId: callback.id,
        succeeded: step.kind === 'succeeded',
      },
    );
    const outcome = step.kind;
    this.metrics.recordAttempt(event.type, outcome);
    this.metrics.recordDelivery(event.type, outcome, attempts);
    // Latency from the event's commit to its 2xx; a redelivery's round is an operator's choice, not latency.
    if (step.kind === 'succeeded' && delivery.round === 0) this.metrics.recordLatency(event.type, now - event.createdAt);
    if (step.kind === 'succeeded') this.logger.log(`Delivery ${delivery.id} to app ${delivery.appId} succeeded on attempt ${attempts}`);
    else this.logger.warn(`Delivery ${delivery.id} to app ${delivery.appId} failed for good on attempt ${attempts} (${summary(result)})`);
    if (disabled) {
      this.metrics.recordCallbackDisabled();
      this.logger.warn(`Callback ${callback.id} of app ${delivery.appId} disabled: its deliveries failed for CALLBACK_DISABLE_AFTER`);
    }
    return { kind: 'done', status: step.kind };
  }

  /**
   * Marks a delivery failed for a reason outside the attempt itself (e.g. the
   * queue gave up on its job), unless it is no longer pending.
   */
  async markFailed(deliveryId: number, round: number, reason: string): Promise<void> {
    await this.deliveries.recordOutcome(
      { id: deliveryId, round },
      { status: 'failed', lastError: reason.slice(0, 1024) },
      this.clock.nowSeconds(),
    );
  }

  /**
   * When the delivery ended, writes the callback's health
   * (docs/api.md#delivery-log) first; then the outcome unless a new round
   * started meanwhile (with the attempt's log row, in the same statement). In
   * that order, whoever sees the delivery ended (the delivery log, a test)
   * sees its callback's `failing_since`, `last_success_at` or disabling too.
   * A failed write is tried again a few times (the request was already sent:
   * a lost outcome would mean sending it again); every part is idempotent.
   *
   * @returns whether the callback was disabled by this outcome.
   */
  private async record(
    delivery: DeliveryRound,
    outcome: AttemptChanges | EndWithoutAttempt,
    ended?: { callbackId: number; succeeded: boolean },
  ): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const now = this.clock.nowSeconds();
        const disabled = ended ? await this.recordHealth(ended, now) : false;
        await this.deliveries.recordOutcome(delivery, outcome, now);
        return disabled;
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS) throw error;
        this.logger.warn(
          `Delivery ${delivery.id}: recording the outcome failed (${error instanceof Error ? error.message : String(error)}); trying again`,
        );
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, MAX_RECORD_BACKOFF_MS)));
      }
    }
  }

  /**
   * A success clears the failing run; a failure for good extends it and may
   * disable the callback. A success is not written again within a second of
   * the last one this process wrote or is writing for the callback (no
   * failure between), so a busy callback costs no statement per delivery,
   * even with many attempts ending at once; a write that failed is forgotten
   * (the outcome's retry writes it).
   *
   * @returns whether the callback was disabled.
   */
  private async recordHealth(ended: { callbackId: number; succeeded: boolean }, now: number): Promise<boolean> {
    if (ended.succeeded) {
      if ((this.successWritten.get(ended.callbackId) ?? -Infinity) > now - 1) return false;
      if (this.successWritten.size >= MAX_REMEMBERED_SUCCESSES) this.successWritten.clear();
      this.successWritten.set(ended.callbackId, now);
      try {
        await this.callbacks.recordSuccess(ended.callbackId, now);
      } catch (error) {
        if (this.successWritten.get(ended.callbackId) === now) this.successWritten.delete(ended.callbackId);
        throw error;
      }
      return false;
    }
    this.successWritten.delete(ended.callbackId);
    return this.callbacks.recordFailure(ended.callbackId, now, this.config.callbackDisableAfterMs / 1000);
  }
}

/** Whether the row is still the pending round (and admission, when the request names one) the attempt was made for. */
function holds(delivery: { status: string; round: number; admittedAt: number | null }, request: AttemptRequest): boolean {
  if (delivery.status !== 'pending' || delivery.round !== request.round) return false;
  if (request.admittedAt === undefined) return true;
  return delivery.admittedAt !== null && Math.round(delivery.admittedAt * 1000) === Math.round(request.admittedAt * 1000);
}

function describe(result: AttemptResult): Pick<AttemptChanges, 'lastStatus' | 'lastError'> {
  if (result.kind === 'answer')
    return { lastStatus: result.status, lastError: result.status >= 200 && result.status < 300 ? null : `HTTP ${result.status}` };
  return { lastStatus: null, lastError: result.error.slice(0, 1024) };
}

/** The attempt's answer on its span: the status, and for anything but a 2xx, `error.type` (the status, or the failure's kind). */
function describeAttemptSpan(result: AttemptResult): void {
  if (result.kind === 'answer') {
    const failed = result.status < 200 || result.status >= 300;
    describeActiveSpan(
      { 'http.response.status_code': result.status },
      failed ? { type: String(result.status), message: `HTTP ${result.status}` } : undefined,
    );
  } else describeActiveSpan({}, { type: result.type ?? '_OTHER', message: result.error });
}

function summary(result: AttemptResult): string {
  return result.kind === 'answer' ? `HTTP ${result.status}` : result.error;
}
