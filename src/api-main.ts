import 'reflect-metadata';

import { Logger } from '@nestjs/common';

import { AppsService } from './auth/apps/apps.service.js';
import { AppConfig } from './config/app-config.js';
import { DeliveryTransport } from './delivery/scheduling/delivery-transport.js';
import { createHttpApp } from './http-app.js';
import { RequestLogging } from './logging/request-logging.js';
import { logStartupFailure } from './logging/startup-failure.js';
import { shutdownOnSignals } from './shutdown.js';
import type { Tracing } from './tracing/start-tracing.js';
import { describeTargets } from './config/describe-targets.js';

/**
 * The API process, started by `main.ts` once tracing is set up (docs/api.md#operating).
 * Every line goes through pino in `LOG_FORMAT` from the first; a start-up
 * that fails logs one line and exits 1; SIGTERM/SIGINT log the shutdown and
 * what it waited for, then the buffered spans are sent.
 */
export function runApi(tracing: Tracing): void {
  bootstrap(tracing).catch((error: unknown) => {
    logStartupFailure(error);
    process.exit(1);
  });
}

async function bootstrap(tracing: Tracing): Promise<void> {
  const app = await createHttpApp();
  const config = app.get(AppConfig);
  const logger = new Logger('Main');
  const requests = app.get(RequestLogging);
  const transport = app.get(DeliveryTransport);
  shutdownOnSignals(app, () => ({ requests: requests.requestsInFlight(), deliveries: transport.inProgress() }), {
    afterClose: tracing.shutdown,
  });
  await app.listen({ port: config.port, host: config.host });
  // One line a person can act on: where the API is, its document, and the first step when nothing exists yet.
  const url = `http://${['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host}:${config.port}`;
  const firstStep =
    (await app.get(AppsService).count()) === 0 ? '; no app yet, create one with: npm run cli -- apps create admin --all-permissions' : '';
  logger.log(`Accounts service on ${url} (API document: ${url}/docs)${firstStep}`);
  logger.log(`Role api: ${describeTargets(config)}; tracing ${tracing.description}`);
}
