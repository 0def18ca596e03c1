import type { LoggerService } from '@nestjs/common';

/**
 * Nest's logger in the CLI: standard output stays the command's own (`--json`
 * prints nothing else there). Warnings (a database not reachable yet, and why)
 * and errors go to standard error as plain lines; the error that stops the
 * context from opening is left to the CLI, which prints it as `Error: ...`.
 */
export const cliLogger: LoggerService = {
  log: () => undefined,
  debug: () => undefined,
  verbose: () => undefined,
  warn: (message: unknown) => process.stderr.write(`Warning: ${String(message)}\n`),
  error: (message: unknown, ...optional: unknown[]) => {
    if (optional.at(-1) === 'ExceptionHandler') return;
    process.stderr.write(`Error: ${message instanceof Error ? message.message : String(message)}\n`);
  },
};
