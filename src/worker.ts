import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

import { readAppConfig } from './config/config.module.js';
import { requestId } from './logging/request-id.js';
import { PinoLoggerService } from './logging/pino-logger.service.js';
import { RequestLogging } from './logging/request-logging.js';
import { WorkerModule } from './worker.module.js';

/**
 * Delivery worker entrypoint: `node dist/worker.js` (docs/api.md#operating). Runs until
 * SIGTERM/SIGINT, then stops taking jobs and waits for the ones in flight.
 * With `WORKER_PORT` it serves `/health/live`, `/health/ready` and `/metrics`
 * there; without it, no HTTP at all.
 */
async function bootstrap(): Promise<void> {
  const config = readAppConfig();
  const adapter = new FastifyAdapter({ genReqId: requestId });
  const app = await NestFactory.create<NestFastifyApplication>(WorkerModule.forRoot(config), adapter, {
    bufferLogs: true,
    return503OnClosing: true,
  });
  const logger = app.get(PinoLoggerService);
  app.useLogger(logger);
  app.get(RequestLogging).register(adapter.getInstance());
  app.enableShutdownHooks();
  if (config.workerPort === undefined) await app.init();
  else await app.listen({ port: config.workerPort, host: config.host });
  logger.log('Delivery worker started', 'Worker');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
