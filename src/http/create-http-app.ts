import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

import { AppModule } from '../app.module.js';
import type { AppConfig } from '../config/app-config.js';
import { ApiValidationPipe } from './api-validation.pipe.js';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { BODY_LIMIT_BYTES, registerJsonBodyParser } from './json-body-parser.js';

/**
 * Builds the API application (not yet listening): Fastify with the lossless
 * JSON parser and the 1 MiB body limit, the validation pipe and the error
 * filter of contract §1. Used by `main.ts` and by the e2e tests.
 */
export async function createHttpApp(config?: AppConfig, options: { logger?: boolean } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: true });
  registerJsonBodyParser(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: options.logger === false ? false : undefined,
    bufferLogs: false,
    bodyParser: false,
  });
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
