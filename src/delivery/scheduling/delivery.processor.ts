import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Injectable, Logger, type Type } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';

import type { AppConfig } from '../../config/app-config.js';
import { AppSlots } from './app-slots.js';
import { DELIVERY_QUEUE, type DeliveryJobData } from './delivery-queue.js';
import { DeliveryPump } from './delivery.pump.js';
import { DeliveryExecutor } from '../sending/delivery-executor.js';
import { redisErrorWarning } from './redis-error-log.js';
import { inTraceOf } from '../../tracing/trace-context.js';

/** Wait before trying a job again when the attempt could not even be made (database unavailable). */
const INFRASTRUCTURE_RETRY_MS = 5_000;

/**
 * Wait of a job whose app may not take another of this worker's slots now
 * (milliseconds, ±25 % jitter): short next to an attempt, long enough that
 * jobs waiting for a hanging app cost the queue little.
 */
const APP_BUSY_RETRY_MS = 1_000;

/**
 * Longest wait of a job for a slot of its app while that app answers fast
 * (milliseconds): one of its attempts ends within it, so the job is attempted
 * then rather than moved back to `delayed` for {@link APP_BUSY_RETRY_MS}.
 */
const FAST_APP_WAIT_MS = 250;

/** Times a job may be taken back from a dead worker before it is failed (and marked failed for operators). */
const MAX_STALLED_COUNT = 5;

/**
 * Completed jobs are kept a day (at most 100 000) so a repair after a crash
 * finds the job id of an admission taken (every admission has its own id).
 */
const KEEP_COMPLETED = { age: 86_400, count: 100_000 };

/**
 * The BullMQ worker of the delivery process (docs/api.md#events, docs/api.md#operating): one job per
 * admission of the {@link DeliveryScheduler}. Each job makes one attempt with
 * the {@link DeliveryExecutor}, which records the outcome in the database (a
 * retry as the delivery's next due time, so the schedule, jitter and
 * `Retry-After` live with the row) and ends the admission; the job then
 * completes, and the scheduler is asked to fill the window it left. A job
 * whose worker died mid-delivery is taken back by another worker once its
 * lock expires (stalled-job check).
 * A job whose app may not take another of this worker's slots now (it holds
 * its share, {@link AppSlots}) goes back to `delayed` for about a second
 * without being attempted, so one app's hanging receivers never take every
 * slot; while its app answers fast, the job first waits up to
 * {@link FAST_APP_WAIT_MS} for one of that app's attempts to end.
 */
@Injectable()
export class DeliveryProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger('DeliveryWorker');
  /** Jobs the workers of this process are processing now (one worker per process; a count shared by its instances). */
  private static active = 0;
  private readonly warnRedis = redisErrorWarning(this.logger, 'the worker');

  constructor(
    private readonly executor: DeliveryExecutor,
    private readonly slots: AppSlots,
    private readonly pump: DeliveryPump,
  ) {
    super();
  }

  /**
   * Graceful shutdown: stops taking jobs and waits for the ones in flight,
   * before the database connection closes (in `onApplicationShutdown`).
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  /** Jobs this process's worker is processing now (what a shutdown waits for). */
  static inProgress(): number {
    return DeliveryProcessor.active;
  }

  /**
   * @returns what became of the delivery (`succeeded`, `failed`, `cancelled`,
   *   `retry`, `postponed` or `skipped`).
   * @throws DelayedError after moving the job to `delayed` (its app has no
   *   free slot here, or the database could not be reached).
   */
  async process(job: Job<DeliveryJobData>, token?: string): Promise<string> {
    DeliveryProcessor.active++;
    try {
      const { appId } = job.data;
      if (appId === undefined) return await this.attempt(job, token);
      const release = await this.slots.takeOrWait(appId, FAST_APP_WAIT_MS);
      if (!release) return await this.retryLater(job, APP_BUSY_RETRY_MS * (0.75 + Math.random() / 2), token);
      try {
        return await this.attempt(job, token);
      } finally {
        release();
      }
    } finally {
      DeliveryProcessor.active--;
    }
  }

  /** One attempt of the job's delivery (see {@link process}). */
  private async attempt(job: Job<DeliveryJobData>, token: string | undefined): Promise<string> {
    const { deliveryId, round, admittedAt } = job.data;
    let outcome;
    try {
      outcome = await this.executor.execute({ id: deliveryId, round, admittedAt }, DELIVERY_QUEUE);
    } catch (error) {
      // In the attempt's trace when it failed inside its span: the line carries its trace_id.
      inTraceOf(error, () =>
        this.logger.warn(
          `Delivery ${deliveryId} could not be attempted (${error instanceof Error ? error.message : String(error)}); trying again`,
        ),
      );
      return this.retryLater(job, INFRASTRUCTURE_RETRY_MS, token);
    }
    this.pump.refill();
    return outcome.kind === 'done' ? outcome.status : outcome.kind;
  }

  /**
   * The worker's connection errors (Redis not reachable; BullMQ reconnects by itself):
   * one warning per distinct reason and minute ({@link redisErrorWarning}).
   */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.warnRedis(error);
  }

  /**
   * A job BullMQ failed for a reason of its own (stalled too often) leaves its
   * delivery failed, for operators to redeliver (`markFailed` changes only a
   * pending row of that round).
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job<DeliveryJobData> | undefined, error: Error): Promise<void> {
    if (!job) return;
    try {
      await this.executor.markFailed(job.data.deliveryId, job.data.round, `Job failed: ${error.message}`);
    } catch (failure) {
      this.logger.error(`Delivery ${job.data.deliveryId}: could not record the job failure: ${String(failure)}`);
    }
  }

  private async retryLater(job: Job<DeliveryJobData>, delayMs: number, token: string | undefined): Promise<never> {
    await job.moveToDelayed(Date.now() + delayMs, token);
    throw new DelayedError();
  }
}

/**
 * {@link DeliveryProcessor} registered on {@link DELIVERY_QUEUE} with the worker
 * options of `config`: `CALLBACK_CONCURRENCY` jobs at once (one app's
 * attempts held to its share, {@link AppSlots}), and a job lock and
 * stalled-job check of `CALLBACK_JOB_LOCK_MS`.
 */
export function configuredDeliveryProcessor(config: AppConfig): Type<DeliveryProcessor> {
  @Processor(DELIVERY_QUEUE, {
    concurrency: config.callbackConcurrency,
    lockDuration: config.callbackJobLockMs,
    stalledInterval: config.callbackJobLockMs,
    maxStalledCount: MAX_STALLED_COUNT,
    removeOnComplete: KEEP_COMPLETED,
    // Failed jobs are kept (no removeOnFail) for operators.
  })
  class ConfiguredDeliveryProcessor extends DeliveryProcessor {}
  return ConfiguredDeliveryProcessor;
}
