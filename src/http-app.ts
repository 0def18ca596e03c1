import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';

import { AppModule } from './app.module.js';
import { AppConfig } from './config/app-config.js';
import { WEBHOOKS } from './delivery/log/webhooks.js';
import { readAppConfig } from './config/config.module.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';
import { echoRequestId, requestId } from './logging/request-id.js';
import { createProcessLogger } from './logging/process-logger.js';
import { RequestLogging } from './logging/request-logging.js';
import { HttpMetrics } from './metrics/http-metrics.service.js';
import { setupOpenApi } from './openapi/openapi.js';
import { ApiValidationPipe } from './http/api-validation.pipe.js';
import { clientErrorHandler } from './http/client-errors.js';
import { serveConsole } from './http/console-assets.js';
import { corsOptions } from './http/cors-options.js';
import { frameworkErrors } from './http/framework-errors.js';
import { gracefulShutdown } from './http/graceful-shutdown.js';
import { AllExceptionsFilter } from './http/all-exceptions.filter.js';
import { BODY_LIMIT_BYTES, registerJsonBodyParser } from './http/json-body-parser.js';
import { bodyTimeout, httpServerOptions } from './http/request-timeouts.js';
import { nameServerSpans } from './tracing/server-span.js';
import { securityHeaders } from './http/security-headers.js';
import { assertValidatedBodies } from './http/validated-bodies.js';

/**
 * Builds the API application (not yet listening): Fastify with the lossless
 * JSON parser and the 128 KiB body limit, the validation pipe and the error
 * filter of docs/api.md#conventions; JSON logs, request metrics, security headers, CORS,
 * the OpenAPI document, the console (docs/console.md) and the 503 answers of a graceful shutdown. It refuses
 * a write route whose body is not a validated class (`assertValidatedBodies`). Every
 * line, Nest's and TypeORM's from the first one, goes through the process's
 * pino logger. Used by `main.ts` (which handles the shutdown signals) and by
 * the e2e tests.
 *
 * @param options.logger false: Nest's own messages are dropped (requests are
 *   still logged at `LOG_LEVEL`); @param options.logDestination where JSON
 *   lines go instead of standard output.
 */
export async function createHttpApp(
  config?: AppConfig,
  options: { logger?: boolean; logDestination?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const resolvedConfig = config ?? readAppConfig();
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(resolvedConfig.trustProxy),
    genReqId: requestId,
    frameworkErrors,
    clientErrorHandler: clientErrorHandler(resolvedConfig.requestTimeoutMs),
    requestTimeout: resolvedConfig.requestTimeoutMs,
    http: httpServerOptions(resolvedConfig.requestTimeoutMs),
    return503OnClosing: false,
  });
  registerJsonBodyParser(adapter.getInstance());
  bodyTimeout(adapter.getInstance(), resolvedConfig.requestBodyTimeoutMs);
  echoRequestId(adapter.getInstance());
  nameServerSpans(adapter.getInstance());
  const logger = createProcessLogger(resolvedConfig, options.logDestination);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(resolvedConfig, { logger }), adapter, {
    logger: options.logger === false ? false : logger,
    bodyParser: false,
  });
  assertValidatedBodies(app);
  app.get(RequestLogging).register(adapter.getInstance());
  // After the request logging hook, so that the 503 answers of a shutdown are logged too.
  gracefulShutdown(adapter.getInstance());
  app.get(HttpMetrics).observe(adapter.getInstance());
  securityHeaders(adapter.getInstance());
  serveConsole(adapter.getInstance());
  const { corsOrigins } = app.get(AppConfig);
  if (corsOrigins.length > 0) app.enableCors(corsOptions(corsOrigins));
  setupOpenApi(app, WEBHOOKS);
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  return app;
}
