import type { LoggerService } from '@nestjs/common';
import { pino } from 'pino';

import { loadAppConfig } from '../config/environment.js';
import { loggerOptions } from '../logging/logger-options.js';
import type { CliOutput } from './cli-output.js';

/** How the CLI writes what it logs: `LOG_FORMAT=json` gives JSON lines, anything else plain lines. */
export type CliLogFormat = 'json' | 'text';

/**
 * The CLI's log format and level from the configuration variables `env` (`LOG_FORMAT`, `LOG_LEVEL`), read before the
 * command runs so that every line has it; `text` at `info` when the configuration does not load (the command then
 * reports why).
 */
export function cliLogSettings(env: Record<string, string | undefined>): { format: CliLogFormat; level: string } {
  try {
    const config = loadAppConfig(env);
    return { format: config.logFormat === 'json' ? 'json' : 'text', level: config.logLevel };
  } catch {
    return { format: 'text', level: 'info' };
  }
}

/**
 * What the CLI writes. A command's own output (`print`: credentials, lists) is plain lines in either format. What it
 * logs is in the configured format (docs/operations.md#health-metrics-logs-api-document): a command's report (e.g.
 * the migrations applied) on standard output, warnings (a database not reachable yet, and why) and errors on standard
 * error. Plain lines (`Warning: ...`, `Error: ...`), or, with `LOG_FORMAT=json`, the API's JSON lines (`level`,
 * `time`, `service`, `context`, `msg`, at `LOG_LEVEL`) and nothing else.
 */
export interface CliLog {
  /** Nest's logger of the CLI's application context: only warnings and errors are written. */
  readonly nest: LoggerService;
  /** A command's report of what it did, with `fields` (JSON only). */
  report(context: string, message: string, fields?: Record<string, unknown>): void;
  /** The error that ended the command. */
  error(message: string): void;
  /** A line of a command's own output (credentials, lists, what it did), plain in either format. */
  print(line: string): void;
}

/** The {@link CliLog} for `format`, written to `output`; `level` (`LOG_LEVEL`) filters the JSON lines. */
export function cliLog({ format, level }: { format: CliLogFormat; level: string }, output: CliOutput): CliLog {
  const print = (line: string) => output.out(`${line}\n`);
  if (format === 'text') {
    return {
      nest: {
        log: () => undefined,
        debug: () => undefined,
        verbose: () => undefined,
        warn: (message: unknown) => output.err(`Warning: ${String(message)}\n`),
        error: (message: unknown, ...optional: unknown[]) => {
          // The error that stops the context from opening is left to the CLI, which prints it as `Error: ...`.
          if (optional.at(-1) === 'ExceptionHandler') return;
          output.err(`Error: ${message instanceof Error ? message.message : String(message)}\n`);
        },
      },
      report: (_context, message) => print(message),
      error: (message) => output.err(`Error: ${message}\n`),
      print,
    };
  }
  const options = loggerOptions({ logLevel: level });
  const out = pino(options, { write: (line: string) => output.out(line) });
  const err = pino(options, { write: (line: string) => output.err(line) });
  const contextOf = (optional: unknown[]) => (typeof optional.at(-1) === 'string' ? (optional.at(-1) as string) : 'cli');
  return {
    nest: {
      log: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
      warn: (message: unknown, ...optional: unknown[]) => err.warn({ context: contextOf(optional) }, String(message)),
      error: (message: unknown, ...optional: unknown[]) => {
        if (optional.at(-1) === 'ExceptionHandler') return;
        err.error({ context: contextOf(optional) }, message instanceof Error ? message.message : String(message));
      },
    },
    report: (context, message, fields = {}) => out.info({ context, ...fields }, message),
    error: (message) => err.error({ context: 'cli' }, message),
    print,
  };
}
