import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { DeliveryMetrics } from '../metrics/delivery-metrics.service.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { DeliveryExecutor } from './delivery-executor.js';
import { type AppDeliveryRound, DeliveriesRepository, type DeliveryRound } from './deliveries.repository.js';
import { DELIVERY_JOB, DELIVERY_QUEUE, type DeliveryJobData, deliveryJobId } from './delivery-queue.js';

/** Deliveries enqueued per transaction. */
const BATCH_SIZE = 100;

/**
 * Longest wait for Redis to take a batch of jobs (milliseconds). Not an ioredis
 * `commandTimeout`: the worker's blocking commands share the connection options.
 */
const ENQUEUE_TIMEOUT_MS = 5_000;

/** A job overdue by this many job-lock durations is looked for in Redis (and re-added if Redis lost it). */
const RECONCILE_AFTER_LOCKS = 10;

/**
 * A claim this old (seconds) whose job is not in Redis never had its job
 * added (the claimer died, or Redis went away and the claim could not be
 * released): longer than {@link ENQUEUE_TIMEOUT_MS}, plus a margin for clocks.
 */
const CLAIM_CHECK_AFTER_SECONDS = ENQUEUE_TIMEOUT_MS / 1000 + 1;

/** How often claims are checked (milliseconds), whatever the job lock. */
const CLAIM_CHECK_INTERVAL_MS = 2_000;

/** At start, claims made this long before (seconds) are checked too, e.g. those of a process that died. */
const CLAIM_CHECK_LOOKBACK_SECONDS = 600;

/**
 * Redis mode: puts pending deliveries not yet on the queue onto BullMQ, one
 * job per delivery round with an id derived from the row. A batch is claimed
 * (marked enqueued, rows taken with `FOR UPDATE SKIP LOCKED` on MySQL so two
 * processes never claim the same round) and committed first; only then are
 * its jobs added, so no Redis call is made while row locks are held. If Redis
 * is down (the queue connection fails fast, and a command that gets no answer
 * times out) the claim is released and the deliveries wait in the database
 * for the next pass (docs/api.md#events: never lost); should the process die between
 * claim and add, the reconcile pass finds them. The job id makes a second add
 * a no-op.
 *
 * Claim check, every two seconds: each claim made since the last check and at
 * least {@link CLAIM_CHECK_AFTER_SECONDS} old is looked up in Redis once, and
 * a job that never got there is added then, so such a delivery waits seconds,
 * whatever the job lock.
 *
 * Reconcile: every pending delivery long overdue is looked up in Redis: a
 * missing job (Redis restarted without persistence) is added again, a failed
 * job leaves its delivery failed, and a completed job whose delivery is still
 * pending (its outcome was never recorded) is replaced by a new one. Every
 * overdue row is visited, page by page.
 */
@Injectable()
export class QueueDispatcher extends DeliveryDispatcher implements OnModuleInit {
  private readonly logger = new Logger('QueueDispatcher');
  private redisDown = false;
  private lastReconcileMs = 0;
  private lastClaimCheckMs = 0;
  /** Claims made before this time (seconds) were checked. */
  private claimsCheckedUpTo: number;

  constructor(
    @InjectQueue(DELIVERY_QUEUE) private readonly queue: Queue<DeliveryJobData>,
    private readonly transactions: Transactions,
    private readonly deliveries: DeliveriesRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly metrics: DeliveryMetrics,
    private readonly executor: DeliveryExecutor,
  ) {
    super();
    this.claimsCheckedUpTo = clock.nowSeconds() - CLAIM_CHECK_LOOKBACK_SECONDS;
  }

  onModuleInit(): void {
    this.queue.on('error', (error) => this.reportRedisDown(error));
    // While Redis is down the job counts are unknown: the gauge reports nothing rather than failing the scrape.
    this.metrics.setQueueSource(() => this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed').catch(() => ({})));
  }

  async dispatch(): Promise<void> {
    while ((await this.enqueueBatch()) === BATCH_SIZE);
    if (Date.now() - this.lastClaimCheckMs >= CLAIM_CHECK_INTERVAL_MS) {
      this.lastClaimCheckMs = Date.now();
      await this.checkClaims();
    }
    if (Date.now() - this.lastReconcileMs >= this.config.callbackJobLockMs) {
      this.lastReconcileMs = Date.now();
      await this.reconcile();
    }
  }

  async drain(): Promise<void> {}

  private async enqueueBatch(): Promise<number> {
    const claimedAt = this.clock.nowSeconds();
    const claimed = await this.transactions.runWithoutGapLocks(() => this.deliveries.claimForQueue(BATCH_SIZE, claimedAt));
    if (claimed.length === 0) return 0;
    try {
      const jobs = claimed.map((delivery) => ({ name: DELIVERY_JOB, data: jobData(delivery), opts: { jobId: deliveryJobId(delivery) } }));
      await withTimeout(this.queue.addBulk(jobs), ENQUEUE_TIMEOUT_MS, 'Redis did not take the jobs in time');
    } catch (error) {
      this.reportRedisDown(error);
      await this.releaseClaim(claimed, claimedAt);
      return 0;
    }
    if (this.redisDown) {
      this.redisDown = false;
      this.logger.log('Redis is back: waiting deliveries are being enqueued');
    }
    await this.removeSuperseded(claimed);
    return claimed.length;
  }

  /**
   * Removes the failed job of the round before each redelivery just enqueued,
   * so that `callback_queue_jobs{state="failed"}` counts the deliveries that
   * are failed now (the delivery row keeps the last error). Best effort: a
   * job left behind is only a stale count.
   */
  private async removeSuperseded(rounds: readonly AppDeliveryRound[]): Promise<void> {
    const redelivered = rounds.filter((delivery) => delivery.round > 0);
    try {
      await Promise.all(redelivered.map((delivery) => this.queue.remove(deliveryJobId({ id: delivery.id, round: delivery.round - 1 }))));
    } catch (error) {
      this.logger.warn(
        `Could not remove the failed jobs of redelivered deliveries: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Puts claimed deliveries back for the next pass (best effort: the reconcile pass covers a failure here). */
  private async releaseClaim(claimed: DeliveryRound[], claimedAt: number): Promise<void> {
    try {
      await this.deliveries.releaseQueueClaim(claimed, claimedAt);
    } catch (error) {
      this.logger.warn(`Could not release ${claimed.length} claimed deliveries (${String(error)}); the reconcile pass will enqueue them`);
    }
  }

  /**
   * Adds the jobs of the claims made since the last check (and old enough)
   * that are not in Redis. The check moves on only once every page was read
   * and repaired; a failure (Redis or the database away) leaves it for the next pass.
   */
  private async checkClaims(): Promise<void> {
    const upTo = this.clock.nowSeconds() - CLAIM_CHECK_AFTER_SECONDS;
    if (upTo <= this.claimsCheckedUpTo) return;
    for (let afterId = 0; ;) {
      const claimed = await this.deliveries.findClaimed(this.claimsCheckedUpTo, upTo, afterId, BATCH_SIZE);
      const jobs = await withTimeout(
        Promise.all(claimed.map((delivery) => this.queue.getJob(deliveryJobId(delivery)))),
        ENQUEUE_TIMEOUT_MS,
        'Redis did not answer in time',
      );
      const missing = claimed.filter((_, index) => jobs[index] === undefined);
      if (missing.length > 0) {
        await withTimeout(
          this.queue.addBulk(
            missing.map((delivery) => ({ name: DELIVERY_JOB, data: jobData(delivery), opts: { jobId: deliveryJobId(delivery) } })),
          ),
          ENQUEUE_TIMEOUT_MS,
          'Redis did not take the jobs in time',
        );
        this.logger.warn(
          `Deliveries ${missing.map((delivery) => delivery.id).join(', ')} were claimed but never reached the queue; enqueued again`,
        );
      }
      if (claimed.length < BATCH_SIZE) break;
      afterId = claimed[claimed.length - 1].id;
    }
    this.claimsCheckedUpTo = upTo;
  }

  /** Repairs every long-overdue pending delivery whose job is missing, failed or completed (see the class comment). */
  private async reconcile(): Promise<void> {
    const graceSeconds = (RECONCILE_AFTER_LOCKS * this.config.callbackJobLockMs + this.config.callbackTimeoutMs) / 1000;
    const dueBefore = this.clock.nowSeconds() - graceSeconds;
    for (let afterId = 0; ;) {
      const overdue = await this.deliveries.findOverdue(afterId, dueBefore, BATCH_SIZE);
      for (const delivery of overdue) await this.repair(delivery);
      if (overdue.length < BATCH_SIZE) return;
      afterId = overdue[overdue.length - 1].id;
    }
  }

  private async repair(delivery: AppDeliveryRound): Promise<void> {
    const job = await this.queue.getJob(deliveryJobId(delivery));
    const state = job ? await job.getState() : 'missing';
    if (state === 'failed') {
      await this.executor.markFailed(delivery.id, delivery.round, `Job failed: ${job!.failedReason ?? 'unknown reason'}`);
      this.logger.warn(`Delivery ${delivery.id}: its job had failed; marked failed`);
      return;
    }
    if (state === 'completed') await job!.remove();
    else if (state !== 'missing') return;
    await this.queue.add(DELIVERY_JOB, jobData(delivery), { jobId: deliveryJobId(delivery) });
    this.logger.warn(
      `Delivery ${delivery.id} was ${state === 'missing' ? 'missing from the queue (Redis lost it)' : 'pending with a completed job'}; enqueued again`,
    );
  }

  private reportRedisDown(error: unknown): void {
    if (this.redisDown) return;
    this.redisDown = true;
    this.logger.warn(`Cannot enqueue deliveries (${error instanceof Error ? error.message : String(error)}); they wait in the database`);
  }
}

/** A job's data: ids only (docs/api.md#events: URL, secret and body are read at delivery time). */
function jobData(delivery: AppDeliveryRound): DeliveryJobData {
  return { deliveryId: delivery.id, round: delivery.round, appId: delivery.appId };
}

/** `promise`, or a rejection with `message` after `ms` milliseconds (the promise itself goes on). */
async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} (${ms} ms)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
