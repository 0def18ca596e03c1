import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';

import { DELIVERY_QUEUE } from './delivery-queue.js';

/** Repeats of one reason are logged again after this long (milliseconds). */
const REPEAT_AFTER_MS = 60_000;

/**
 * A warning per distinct Redis connection error and minute, through the process's logger
 * (`Redis not reachable (<reason>); <what> keeps trying`), in place of BullMQ's multi-line
 * `console.error` of every failed reconnection.
 */
export function redisErrorWarning(logger: Logger, what: string): (error: Error) => void {
  let last: { message: string; at: number } | undefined;
  return (error) => {
    const now = Date.now();
    if (last?.message === error.message && now - last.at < REPEAT_AFTER_MS) return;
    last = { message: error.message, at: now };
    logger.warn(`Redis not reachable (${error.message}); ${what} keeps trying`);
  };
}

/** Listens to the delivery queue's connection errors from the moment the queue exists, before the database is open. */
@Injectable()
export class QueueConnectionLog {
  constructor(@InjectQueue(DELIVERY_QUEUE) queue: Queue) {
    queue.on('error', redisErrorWarning(new Logger('DeliveryQueue'), 'the queue'));
  }
}
