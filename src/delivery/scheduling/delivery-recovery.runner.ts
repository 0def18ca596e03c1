import { Injectable, Logger } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { Transactions } from '../../database/transactions.js';
import { DeliveriesRepository } from '../deliveries.repository.js';
import { DeliveryRecoveriesRepository } from '../delivery-recoveries.repository.js';

/** Deliveries a recovery sends again per transaction. */
const BATCH_SIZE = 500;

/** Recoveries looked up per page. */
const PAGE_SIZE = 10;

/**
 * Carries out the recoveries `recover` recorded (docs/api.md#delivery-log,
 * docs/api.md#isolation-between-apps), in every API and worker process: each batch
 * starts the next round of up to {@link BATCH_SIZE} of the counted
 * deliveries and moves the recovery's cursor in the same short transaction,
 * holding the recovery's row (`FOR UPDATE SKIP LOCKED`) so two processes
 * never work on one recovery at once. A process that stops mid-way leaves
 * the cursor where its last batch committed; the next pass of any process
 * goes on from there. The rounds it starts are admitted fairly by the
 * scheduler like any others.
 */
@Injectable()
export class DeliveryRecoveryRunner {
  private readonly logger = new Logger('DeliveryRecovery');
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private onBatch: () => void = () => {};

  constructor(
    private readonly transactions: Transactions,
    private readonly recoveries: DeliveryRecoveriesRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly clock: Clock,
  ) {}

  /** Sets what is called after each batch committed (the pump's wake, so the rounds are admitted). */
  whenBatchDone(listener: () => void): void {
    this.onBatch = listener;
  }

  /** Works through the waiting recoveries in the background, unless that is under way (then it looks again after). */
  start(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runAll().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.start();
      }
    });
  }

  /** Stops after the batch in progress (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async runAll(): Promise<void> {
    try {
      for (let afterId = 0; !this.stopped;) {
        const open = await this.recoveries.findOpen(afterId, PAGE_SIZE);
        for (const id of open) await this.runOne(id);
        if (open.length < PAGE_SIZE) return;
        afterId = open[open.length - 1];
      }
    } catch (error) {
      this.logger.warn(`Recovering deliveries failed (the next pass goes on): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Runs recovery `id` batch by batch until it is done, another process holds it, or this process stops. */
  private async runOne(id: number): Promise<void> {
    while (!this.stopped) {
      const more = await this.transactions.runWithoutGapLocks(async () => {
        const recovery = await this.recoveries.claim(id);
        if (!recovery) return false;
        const now = this.clock.nowSeconds();
        const last = await this.deliveries.recoverBatch(recovery, BATCH_SIZE, now);
        if (last === null) {
          await this.recoveries.finish(id, now);
          this.logger.log(`Recovery ${id} of app ${recovery.appId} done: ${recovery.deliveries} deliveries sent again`);
          return false;
        }
        await this.recoveries.advance(id, last);
        return true;
      });
      this.onBatch();
      if (!more) return;
    }
  }
}
