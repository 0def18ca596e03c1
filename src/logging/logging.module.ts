import { type DynamicModule, Module } from '@nestjs/common';
import { type DestinationStream, pino } from 'pino';

import { AppConfig } from '../config/app-config.js';
import { loggerOptions } from './logger-options.js';
import { PinoLoggerService } from './pino-logger.service.js';
import { prettyDestination } from './pretty-destination.js';
import { RequestLogging } from './request-logging.js';

/** Standard output: JSON lines, or pino-pretty's lines for a person (`LOG_FORMAT`, by default pretty on a terminal). */
function defaultDestination(config: AppConfig): DestinationStream {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  return pretty ? prettyDestination() : pino.destination(1);
}

/**
 * Structured JSON logs through pino: one logger per process
 * ({@link loggerOptions}) behind Nest's `Logger` ({@link PinoLoggerService},
 * for `app.useLogger`), and {@link RequestLogging} for the HTTP requests,
 * which the application registers on its Fastify instance.
 */
@Module({})
export class LoggingModule {
  /** @param destination where lines go; standard output when omitted (tests capture them). */
  static forRoot(destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      providers: [
        {
          provide: PinoLoggerService,
          inject: [AppConfig],
          useFactory: (config: AppConfig) => new PinoLoggerService(pino(loggerOptions(config), destination ?? defaultDestination(config))),
        },
        RequestLogging,
      ],
      exports: [PinoLoggerService, RequestLogging],
    };
  }
}
