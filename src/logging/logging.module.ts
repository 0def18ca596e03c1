import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';

import { AppConfig } from '../config/app-config.js';
import { pinoHttpOptions } from './pino-http-options.js';

/**
 * Structured JSON logs through nestjs-pino (issue 5): one pino logger per
 * process behind Nest's `Logger`, and an HTTP middleware logging each request
 * with its request id. See {@link pinoHttpOptions} for what is never logged.
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
          useFactory: (config: AppConfig) => ({
            pinoHttp: destination ? [pinoHttpOptions(config), destination] : pinoHttpOptions(config),
            forRoutes: [{ path: '*path', method: RequestMethod.ALL }],
          }),
        }),
      ],
    };
  }
}
