import { type Job, UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';

import { SystemClock } from '../../clock/clock.js';
import { loadAppConfig } from '../../config/environment.js';
import { AppSlots } from './app-slots.js';
import { DeliveryProcessor } from './delivery.processor.js';
import type { DeliveryJobData } from './delivery-queue.js';
import type { DeliveryExecutor } from '../sending/delivery-executor.js';
import type { DeliveryPump } from './delivery.pump.js';

describe('DeliveryProcessor.onFailed', () => {
  it('marks the delivery failed when BullMQ fails its job (stalled too often, or another reason of its own)', async () => {
    const marked: [number, number, string][] = [];
    const executor = {
      markFailed: async (id: number, round: number, reason: string) => void marked.push([id, round, reason]),
    } as unknown as DeliveryExecutor;
    const processor = new DeliveryProcessor(executor, new AppSlots(loadAppConfig({}), new SystemClock()), {} as DeliveryPump);
    const job = { data: { deliveryId: 7, round: 2 } } as Job<DeliveryJobData>;
    await processor.onFailed(job, new UnrecoverableError('job stalled more than allowable limit'));
    await processor.onFailed(job, new Error('connection lost'));
    expect(marked).toEqual([
      [7, 2, 'Job failed: job stalled more than allowable limit'],
      [7, 2, 'Job failed: connection lost'],
    ]);
  });
});
