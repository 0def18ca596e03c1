import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';

import { AppConfig } from '../config/app-config.js';
import { loggerOptions } from './logger-options.js';
import { RequestLogging } from './request-logging.js';

/**
 * Structured JSON logs through nestjs-pino: one pino logger per
 * process ({@link loggerOptions}) behind Nest's `Logger` (nestjs-pino's
 * `Logger`, for `app.useLogger`), and {@link RequestLogging} for the HTTP
 * requests, which the application registers on its Fastify instance.
 */
@Module({})
export class LoggingModule {
  /** @param destination where lines go; standard output when omitted (tests capture them). */
  static forRoot(destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => {
            // nestjs-pino builds its logger through pino-http: keep our serializers as they are.
            const options = { ...loggerOptions(config), wrapSerializers: false };
            return {
              pinoHttp: destination ? [options, destination] : options,
              // No pino-http middleware (nor Nest middleware at all, @fastify/middie): RequestLogging's
              // Fastify hooks give each request its logging context and its log line, far cheaper.
              forRoutes: [],
            };
          },
        }),
      ],
      providers: [RequestLogging],
      exports: [RequestLogging],
    };
  }
}
