import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

import { readAppConfig } from './config/config.module.js';
import { DeliveryProcessor } from './delivery/scheduling/delivery.processor.js';
import { createProcessLogger } from './logging/process-logger.js';
import { requestId } from './logging/request-id.js';
import { RequestLogging } from './logging/request-logging.js';
import { logStartupFailure } from './logging/startup-failure.js';
import { shutdownOnSignals } from './shutdown.js';
import type { Tracing } from './tracing/start-tracing.js';
import { describeTargets } from './config/describe-targets.js';
import { WorkerModule } from './worker.module.js';

/**
 * How long past `CALLBACK_TIMEOUT_MS` a worker told to stop waits for its
 * deliveries in flight and its connections to close (docs/operations.md):
 * an attempt ends within the timeout, its outcome is written in a moment
 * unless the database is gone, and closing Redis waits for nothing when Redis
 * is gone. Past it, the worker exits and BullMQ's stalled-job check gives the
 * abandoned jobs to another worker (same `webhook-id`).
 */
const STOP_MARGIN_MS = 5_000;

/**
 * The delivery worker process, started by `worker.ts` once tracing is set up (docs/api.md#operating). Runs until
 * SIGTERM/SIGINT, then stops taking jobs and waits for the ones in flight,
 * logging both steps, for at most `CALLBACK_TIMEOUT_MS` + 5 s (then it exits 1,
 * logging what it abandoned). With `WORKER_PORT` it serves `/health/live`,
 * `/health/ready` and `/metrics` there; without it, no HTTP at all. Every line
 * goes through pino in `LOG_FORMAT` from the first; a start-up that fails logs
 * one line and exits 1. After a shutdown the buffered spans are sent.
 */
export function runWorker(tracing: Tracing): void {
  bootstrap(tracing).catch((error: unknown) => {
    logStartupFailure(error);
    process.exit(1);
  });
}

async function bootstrap(tracing: Tracing): Promise<void> {
  const config = readAppConfig();
  const logger = createProcessLogger(config);
  const adapter = new FastifyAdapter({ genReqId: requestId });
  const app = await NestFactory.create<NestFastifyApplication>(WorkerModule.forRoot(config, logger), adapter, {
    logger,
    return503OnClosing: true,
  });
  const requests = app.get(RequestLogging);
  requests.register(adapter.getInstance());
  shutdownOnSignals(app, () => ({ requests: requests.requestsInFlight(), deliveries: DeliveryProcessor.inProgress() }), {
    deadlineMs: config.callbackTimeoutMs + STOP_MARGIN_MS,
    afterClose: tracing.shutdown,
  });
  if (config.workerPort === undefined) await app.init();
  else await app.listen({ port: config.workerPort, host: config.host });
  logger.log('Delivery worker started', 'Worker');
  logger.log(`Role worker: ${describeTargets(config)}; tracing ${tracing.description}`, 'Worker');
}
