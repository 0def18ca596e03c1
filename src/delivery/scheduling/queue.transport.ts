import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { type Admission, DeliveriesRepository } from '../deliveries.repository.js';
import { DELIVERY_JOB, DELIVERY_QUEUE, type DeliveryJobData, deliveryJobData, deliveryJobId } from './delivery-queue.js';
import { DeliveryExecutor } from '../sending/delivery-executor.js';
import { DeliveryTransport } from './delivery-transport.js';
import { inProducerSpan } from '../../tracing/trace-context.js';

/** Rows looked up per page by the admission check and the reconcile pass. */
const PAGE_SIZE = 100;

/**
 * Longest wait for Redis to take a batch of jobs (milliseconds). Not an ioredis
 * `commandTimeout`: the worker's blocking commands share the connection options.
 */
const ENQUEUE_TIMEOUT_MS = 5_000;

/** An admission this many job-lock durations old is looked for in Redis (and repaired). */
const RECONCILE_AFTER_LOCKS = 10;

/**
 * An admission this old (seconds) whose job is not in Redis never had its
 * job added (the admitting process died, or Redis went away and the
 * admission could not be put back): longer than {@link ENQUEUE_TIMEOUT_MS},
 * plus a margin for clocks.
 */
const CHECK_AFTER_SECONDS = ENQUEUE_TIMEOUT_MS / 1000 + 1;

/** How often admissions are checked (milliseconds), whatever the job lock. */
const CHECK_INTERVAL_MS = 2_000;

/** While Redis is away, how often a pass tries to hand it deliveries again (milliseconds); the others admit nothing. */
const REDIS_PROBE_INTERVAL_MS = 2_000;

/** At start, admissions made this long before (seconds) are checked too, e.g. those of a process that died. */
const CHECK_LOOKBACK_SECONDS = 600;

/**
 * Redis mode's transport (docs/api.md#isolation-between-apps): each admission becomes
 * one BullMQ job whose id derives from the row, added after the admission
 * committed; the worker processes attempt them. If Redis is down (the queue
 * connection fails fast, and a command that gets no answer times out) the
 * scheduler puts the admissions back and the deliveries wait in the database
 * (docs/api.md#events: never lost).
 *
 * Admission check, every two seconds: each admission made since the last
 * check and at least {@link CHECK_AFTER_SECONDS} old is looked up in Redis
 * once, and a job that never got there is added then.
 *
 * Reconcile: every admission older than ten job locks is looked up in Redis:
 * a missing job (Redis restarted without persistence) is added again, a
 * failed job (BullMQ gave up: stalled too often) leaves its delivery failed,
 * and a completed job whose admission is still held (its outcome was never
 * recorded) gives the delivery back to the scheduler. Every such row is
 * visited, page by page.
 */
@Injectable()
export class QueueTransport extends DeliveryTransport implements OnModuleInit {
  private readonly logger = new Logger('QueueTransport');
  private redisDown = false;
  private lastProbeMs = 0;
  private lastReconcileMs = 0;
  private lastCheckMs = 0;
  /** Admissions made before this time (seconds) were checked. */
  private checkedUpTo: number;

  constructor(
    @InjectQueue(DELIVERY_QUEUE) private readonly queue: Queue<DeliveryJobData>,
    private readonly deliveries: DeliveriesRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly executor: DeliveryExecutor,
  ) {
    super();
    this.checkedUpTo = clock.nowSeconds() - CHECK_LOOKBACK_SECONDS;
  }

  onModuleInit(): void {
    this.queue.on('error', (error) => this.reportRedisDown(error));
  }

  /** Any number while Redis answers; while it is away, none but one try every {@link REDIS_PROBE_INTERVAL_MS}. */
  capacity(): number {
    if (!this.redisDown) return Infinity;
    if (Date.now() - this.lastProbeMs < REDIS_PROBE_INTERVAL_MS) return 0;
    this.lastProbeMs = Date.now();
    return Infinity;
  }

  /** The workers hold each app to its share of their slots themselves (`AppSlots`). */
  roomFor(): number {
    return Infinity;
  }

  async hand(admissions: readonly Admission[]): Promise<readonly Admission[]> {
    try {
      await this.send(admissions);
    } catch (error) {
      this.reportRedisDown(error);
      throw error;
    }
    if (this.redisDown) {
      this.redisDown = false;
      this.logger.log('Redis is back: waiting deliveries are being enqueued');
    }
    return [];
  }

  async repair(): Promise<void> {
    if (Date.now() - this.lastCheckMs >= CHECK_INTERVAL_MS) {
      this.lastCheckMs = Date.now();
      await this.checkAdmissions();
    }
    if (Date.now() - this.lastReconcileMs >= this.config.callbackJobLockMs) {
      this.lastReconcileMs = Date.now();
      await this.reconcile();
    }
  }

  async drain(): Promise<void> {}

  /**
   * Adds the jobs of the admissions made since the last check (and old
   * enough) that are not in Redis. The check moves on only once every page
   * was read and repaired; a failure (Redis or the database away) leaves it
   * for the next pass.
   */
  private async checkAdmissions(): Promise<void> {
    const upTo = this.clock.nowSeconds() - CHECK_AFTER_SECONDS;
    if (upTo <= this.checkedUpTo) return;
    for (let afterId = 0; ;) {
      const admitted = await this.deliveries.findAdmitted(this.checkedUpTo, upTo, afterId, PAGE_SIZE);
      const jobs = await withTimeout(
        Promise.all(admitted.map((admission) => this.queue.getJob(deliveryJobId(admission)))),
        ENQUEUE_TIMEOUT_MS,
        'Redis did not answer in time',
      );
      const missing = admitted.filter((_, index) => jobs[index] === undefined);
      if (missing.length > 0) {
        await this.send(missing);
        this.logger.warn(
          `Deliveries ${missing.map((admission) => admission.id).join(', ')} were admitted but never reached the queue; enqueued again`,
        );
      }
      if (admitted.length < PAGE_SIZE) break;
      afterId = admitted[admitted.length - 1].id;
    }
    this.checkedUpTo = upTo;
  }

  /** Repairs every long-held admission whose job is missing, failed or completed (see the class comment). */
  private async reconcile(): Promise<void> {
    const graceSeconds = (RECONCILE_AFTER_LOCKS * this.config.callbackJobLockMs + this.config.callbackTimeoutMs) / 1000;
    const before = this.clock.nowSeconds() - graceSeconds;
    for (let afterId = 0; ;) {
      const admitted = await this.deliveries.findAdmittedBefore(afterId, before, PAGE_SIZE);
      for (const admission of admitted) await this.repairOne(admission);
      if (admitted.length < PAGE_SIZE) return;
      afterId = admitted[admitted.length - 1].id;
    }
  }

  private async repairOne(admission: Admission): Promise<void> {
    const job = await this.queue.getJob(deliveryJobId(admission));
    const state = job ? await job.getState() : 'missing';
    if (state === 'failed') {
      await this.executor.markFailed(admission.id, admission.round, `Job failed: ${job!.failedReason ?? 'unknown reason'}`);
      this.logger.warn(`Delivery ${admission.id}: its job had failed; marked failed`);
    } else if (state === 'completed') {
      await this.deliveries.release([admission]);
      this.logger.warn(`Delivery ${admission.id} was pending with a completed job; given back to the scheduler`);
    } else if (state === 'missing') {
      await this.send([admission]);
      this.logger.warn(`Delivery ${admission.id} was missing from the queue (Redis lost it); enqueued again`);
    }
  }

  /**
   * Adds the jobs of `admissions` in one call, within {@link ENQUEUE_TIMEOUT_MS}, in a producer span
   * `send callback-deliveries` (`messaging.system` `bullmq`, docs/operations.md#tracing).
   */
  private send(admissions: readonly Admission[]): Promise<unknown> {
    return inProducerSpan('bullmq', DELIVERY_QUEUE, admissions.length, () =>
      withTimeout(this.queue.addBulk(admissions.map(toJob)), ENQUEUE_TIMEOUT_MS, 'Redis did not take the jobs in time'),
    );
  }

  private reportRedisDown(error: unknown): void {
    if (this.redisDown) return;
    this.redisDown = true;
    this.logger.warn(`Cannot enqueue deliveries (${error instanceof Error ? error.message : String(error)}); they wait in the database`);
  }
}

function toJob(admission: Admission): { name: string; data: DeliveryJobData; opts: { jobId: string } } {
  return { name: DELIVERY_JOB, data: deliveryJobData(admission), opts: { jobId: deliveryJobId(admission) } };
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
