import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, IsNull, LessThan, LessThanOrEqual, MoreThan } from 'typeorm';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { DeliveryMetrics } from '../metrics/delivery-metrics.service.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryExecutor } from './delivery-executor.js';

/** Extra time a claim outlives the attempt's timeout before another pass may take the delivery again. */
const LEASE_MARGIN_SECONDS = 60;

/**
 * Embedded mode (no `REDIS_URL`): sends due deliveries from inside the API
 * process with the same {@link DeliveryExecutor} as the worker. The retry
 * schedule lives in the database (`next_attempt_at`); each attempt is claimed
 * with a lease, so one that was cut short by a crash is tried again after a
 * restart. At most `CALLBACK_CONCURRENCY` attempts run at once.
 */
@Injectable()
export class EmbeddedDispatcher extends DeliveryDispatcher implements OnModuleInit {
  private readonly logger = new Logger('EmbeddedDelivery');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly executor: DeliveryExecutor,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: DeliveryMetrics,
  ) {
    super();
  }

  /** Reports deliveries by state as `callback_queue_jobs` (due: waiting, scheduled later: delayed, in progress: active). */
  onModuleInit(): void {
    this.metrics.setQueueSource(async () => {
      const manager = this.dataSource.manager;
      const now = this.clock.nowSeconds();
      const [waiting, delayed, failed] = await Promise.all([
        manager.count(DeliveryEntity, { where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now) } }),
        manager.count(DeliveryEntity, { where: { status: 'pending', nextAttemptAt: MoreThan(now) } }),
        manager.count(DeliveryEntity, { where: { status: 'failed' } }),
      ]);
      return { waiting: waiting - this.inFlight.size, delayed, active: this.inFlight.size, failed };
    });
  }

  async dispatch(): Promise<void> {
    const free = this.config.callbackConcurrency - this.inFlight.size;
    if (free <= 0) return;
    const now = this.clock.nowSeconds();
    const due = await this.dataSource.manager.find(DeliveryEntity, {
      select: { id: true, round: true },
      where: [
        { status: 'pending', nextAttemptAt: LessThanOrEqual(now), leaseUntil: IsNull() },
        { status: 'pending', nextAttemptAt: LessThanOrEqual(now), leaseUntil: LessThan(now) },
      ],
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
      take: free,
    });
    for (const delivery of due) {
      if (await this.claim(delivery, now)) this.start(delivery);
    }
  }

  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async claim(delivery: DeliveryEntity, now: number): Promise<boolean> {
    const leaseUntil = now + this.config.callbackTimeoutMs / 1000 + LEASE_MARGIN_SECONDS;
    const result = await this.dataSource
      .createQueryBuilder()
      .update(DeliveryEntity)
      .set({ leaseUntil })
      .where('id = :id AND round = :round AND status = :status AND (lease_until IS NULL OR lease_until < :now)', {
        id: delivery.id,
        round: delivery.round,
        status: 'pending',
        now,
      })
      .execute();
    return result.affected === 1;
  }

  private start(delivery: DeliveryEntity): void {
    const run = this.executor
      .execute(delivery.id, delivery.round)
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`Delivery ${delivery.id}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }
}
