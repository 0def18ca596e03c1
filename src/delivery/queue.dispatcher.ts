import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource, In, IsNull, LessThan, Not } from 'typeorm';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { forUpdateSkipLocked } from '../database/lock.js';
import { DeliveryMetrics } from '../metrics/delivery-metrics.service.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DELIVERY_JOB, DELIVERY_QUEUE, type DeliveryJobData, deliveryJobId } from './delivery-queue.js';

/** Deliveries enqueued per transaction. */
const BATCH_SIZE = 100;

/** A job overdue by this many job-lock durations is looked for in Redis (and re-added if Redis lost it). */
const RECONCILE_AFTER_LOCKS = 10;

/**
 * Redis mode: puts pending deliveries not yet on the queue onto BullMQ, one
 * job per delivery round with an id derived from the row, then marks them
 * enqueued in the same transaction. If Redis is down the add fails, the
 * transaction rolls back and the deliveries wait in the database for the next
 * pass (contract §8: never lost). Rows are taken with `FOR UPDATE SKIP LOCKED`
 * on MySQL so two processes never enqueue the same round; even then the job id
 * makes a second add a no-op. Should Redis lose jobs (restarted without
 * persistence), deliveries still pending long after they were due are found
 * missing from the queue and added again.
 */
@Injectable()
export class QueueDispatcher extends DeliveryDispatcher implements OnModuleInit {
  private readonly logger = new Logger('QueueDispatcher');
  private redisDown = false;
  private lastReconcileMs = 0;

  constructor(
    @InjectQueue(DELIVERY_QUEUE) private readonly queue: Queue<DeliveryJobData>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly metrics: DeliveryMetrics,
  ) {
    super();
  }

  onModuleInit(): void {
    this.queue.on('error', (error) => this.reportRedisDown(error));
    // While Redis is down the job counts are unknown: the gauge reports nothing rather than failing the scrape.
    this.metrics.setQueueSource(() => this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed').catch(() => ({})));
  }

  async dispatch(): Promise<void> {
    while ((await this.enqueueBatch()) === BATCH_SIZE);
    if (Date.now() - this.lastReconcileMs >= this.config.callbackJobLockMs) {
      this.lastReconcileMs = Date.now();
      await this.reconcile();
    }
  }

  async drain(): Promise<void> {}

  private async enqueueBatch(): Promise<number> {
    const count = await this.dataSource.transaction(async (manager) => {
      const due = await manager.find(DeliveryEntity, {
        where: { status: 'pending', enqueuedAt: IsNull() },
        order: { id: 'ASC' },
        take: BATCH_SIZE,
        ...forUpdateSkipLocked(manager),
      });
      if (due.length === 0) return 0;
      try {
        await this.queue.addBulk(
          due.map((delivery) => ({
            name: DELIVERY_JOB,
            data: { deliveryId: delivery.id, round: delivery.round },
            opts: { jobId: deliveryJobId(delivery) },
          })),
        );
      } catch (error) {
        this.reportRedisDown(error);
        return 0;
      }
      await manager.update(DeliveryEntity, { id: In(due.map((delivery) => delivery.id)), enqueuedAt: IsNull() }, { enqueuedAt: this.clock.nowSeconds() });
      return due.length;
    });
    if (count > 0 && this.redisDown) {
      this.redisDown = false;
      this.logger.log('Redis is back: waiting deliveries are being enqueued');
    }
    return count;
  }

  /** Re-adds the jobs of enqueued deliveries long overdue whose job Redis no longer has. */
  private async reconcile(): Promise<void> {
    const graceSeconds = (RECONCILE_AFTER_LOCKS * this.config.callbackJobLockMs + this.config.callbackTimeoutMs) / 1000;
    const overdue = await this.dataSource.manager.find(DeliveryEntity, {
      select: { id: true, round: true },
      where: { status: 'pending', enqueuedAt: Not(IsNull()), nextAttemptAt: LessThan(this.clock.nowSeconds() - graceSeconds) },
      order: { nextAttemptAt: 'ASC' },
      take: BATCH_SIZE,
    });
    for (const delivery of overdue) {
      if (await this.queue.getJob(deliveryJobId(delivery))) continue;
      await this.queue.add(DELIVERY_JOB, { deliveryId: delivery.id, round: delivery.round }, { jobId: deliveryJobId(delivery) });
      this.logger.warn(`Delivery ${delivery.id} was missing from the queue (Redis lost it); enqueued again`);
    }
  }

  private reportRedisDown(error: unknown): void {
    if (this.redisDown) return;
    this.redisDown = true;
    this.logger.warn(`Cannot enqueue deliveries (${error instanceof Error ? error.message : String(error)}); they wait in the database`);
  }
}
