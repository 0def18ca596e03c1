import { AsyncLocalStorage } from 'node:async_hooks';

import { Injectable, type LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Nest's own start-up chatter (modules loaded, routes mapped): logged at debug, not info. */
const NEST_BOOT_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** The context of Nest's `ExceptionHandler`, which logs the error that stops the application from starting. */
const STARTUP_FAILURE_CONTEXT = 'ExceptionHandler';

/**
 * The logging context of {@link PinoLoggerService.runInContext}: its bindings,
 * and the child logger carrying them, made when the first line is logged in
 * it (most requests log no line but their request line, which has its own logger).
 */
class LoggingContext {
  private child: Logger | undefined;

  constructor(
    private readonly root: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  /** The child logger of the bindings (made once). */
  logger(): Logger {
    return (this.child ??= this.root.child(this.bindings));
  }
}

/**
 * Nest's `LoggerService` over one pino logger (for `app.useLogger`): every
 * line Nest or a `new Logger(context)` writes becomes `{context, msg}` (and
 * `err` for errors with a stack) at the matching pino level. Inside
 * {@link runInContext} lines go through that context's child logger, so a
 * request's lines carry its `reqId`.
 */
@Injectable()
export class PinoLoggerService implements LoggerService {
  private readonly contexts = new AsyncLocalStorage<LoggingContext>();

  /** @param root the process's logger (see `logger-options.ts`). */
  constructor(readonly root: Logger) {}

  /** Runs `work` with `bindings` (e.g. `{reqId}`) on every line logged inside it, across async calls; the child logger is made at the first such line. */
  runInContext(bindings: Record<string, unknown>, work: () => void): void {
    this.contexts.run(new LoggingContext(this.root, bindings), work);
  }

  log(message: unknown, ...optional: unknown[]): void {
    const context = optional.at(-1);
    this.write(typeof context === 'string' && NEST_BOOT_CONTEXTS.has(context) ? 'debug' : 'info', message, optional);
  }

  /**
   * Nest's `ExceptionHandler` reports what stopped the application from starting
   * (module init, `listen`): that one line is `fatal`, `Start-up failed: <reason>`;
   * Nest exits 1 after it. An object (not an `Error`) is written as fields with its `msg`, as by the other levels.
   */
  error(message: unknown, ...optional: unknown[]): void {
    // Nest passes (message, stack?, context?).
    const [stack, context] = optional.length >= 2 ? optional : [undefined, optional[0]];
    const startUp = context === STARTUP_FAILURE_CONTEXT;
    // The root's level is every context's: a line below it makes no child logger.
    if (!this.root.isLevelEnabled(startUp ? 'fatal' : 'error')) return;
    const logger = this.current();
    const fields: Record<string, unknown> = { context: typeof context === 'string' ? context : undefined };
    // Fields and `msg` in one object, as the other levels take them.
    if (!startUp && typeof message === 'object' && message !== null && !(message instanceof Error)) {
      logger.error({ ...fields, ...message });
      return;
    }
    if (message instanceof Error) fields.err = message;
    else if (typeof stack === 'string') fields.err = { message: String(message), stack };
    const text = message instanceof Error ? message.message : String(message);
    if (startUp) logger.fatal(fields, `Start-up failed: ${text}`);
    else logger.error(fields, text);
  }

  warn(message: unknown, ...optional: unknown[]): void {
    this.write('warn', message, optional);
  }

  debug(message: unknown, ...optional: unknown[]): void {
    this.write('debug', message, optional);
  }

  verbose(message: unknown, ...optional: unknown[]): void {
    this.write('trace', message, optional);
  }

  fatal(message: unknown, ...optional: unknown[]): void {
    this.write('fatal', message, optional);
  }

  private current(): Logger {
    return this.contexts.getStore()?.logger() ?? this.root;
  }

  /** The last optional parameter is Nest's context name when it is a string. */
  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, optional: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    const logger = this.current();
    const context = typeof optional.at(-1) === 'string' ? (optional.at(-1) as string) : undefined;
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) logger[level]({ context, ...message });
    else logger[level]({ context }, message instanceof Error ? message.message : String(message));
  }
}
