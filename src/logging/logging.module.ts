import { type DynamicModule, Module } from '@nestjs/common';

import { PinoLoggerService } from './pino-logger.service.js';
import { RequestLogging } from './request-logging.js';

/**
 * Structured JSON logs through pino: the process's one logger
 * (`createProcessLogger`, also Nest's own logger) as {@link PinoLoggerService},
 * and {@link RequestLogging} for the HTTP requests, which the application
 * registers on its Fastify instance.
 */
@Module({})
export class LoggingModule {
  /** @param logger the process's logger, made by `createProcessLogger` before Nest starts. */
  static forRoot(logger: PinoLoggerService): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: PinoLoggerService, useValue: logger }, RequestLogging],
      exports: [PinoLoggerService, RequestLogging],
    };
  }
}
