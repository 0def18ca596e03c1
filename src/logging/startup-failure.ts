import { hostname } from 'node:os';

import { pino } from 'pino';

/**
 * Logs an error that stopped a process from starting outside Nest (an invalid
 * configuration, before any logger exists) as one JSON line at `fatal`:
 * `Start-up failed: <message>`, with the fields every line of the service has.
 * (Failures inside Nest are logged by the process's logger, see `PinoLoggerService.error`.)
 */
export function logStartupFailure(error: unknown): void {
  const logger = pino(
    { base: { service: 'accounts-service', hostname: hostname(), pid: process.pid }, messageKey: 'msg' },
    pino.destination({ fd: 1, sync: true }),
  );
  logger.fatal(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
}
