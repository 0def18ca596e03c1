import { type DestinationStream, pino } from 'pino';

import type { AppConfig } from '../config/app-config.js';
import { loggerOptions } from './logger-options.js';
import { PinoLoggerService } from './pino-logger.service.js';
import { prettyDestination } from './pretty-destination.js';
import { standardOutputDestination } from './standard-output.js';

/**
 * Standard output: JSON lines, or pino-pretty's lines for a person (`LOG_FORMAT`, by default pretty on a terminal).
 * JSON lines are written synchronously at the end of the event-loop turn that made them ({@link standardOutputDestination}),
 * and on exit, so that none is lost when the process ends right after it (a start-up failure's `process.exit(1)`,
 * the signal re-raised after a shutdown).
 */
function defaultDestination(config: AppConfig): DestinationStream {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  return pretty ? prettyDestination() : standardOutputDestination();
}

/**
 * The process's one logger ({@link loggerOptions}, `LOG_LEVEL`, `LOG_FORMAT`),
 * made before Nest starts so that it writes every line from the first one:
 * hand it to `NestFactory.create(..., { logger })` and to `LoggingModule.forRoot`.
 * @param destination where lines go; standard output when omitted (tests capture them).
 */
export function createProcessLogger(config: AppConfig, destination?: DestinationStream): PinoLoggerService {
  return new PinoLoggerService(pino(loggerOptions(config), destination ?? defaultDestination(config)));
}
