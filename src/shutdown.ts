import { type INestApplicationContext, Logger } from '@nestjs/common';

import { writePendingLogLines } from './logging/standard-output.js';

/** Work a process finishes before it stops, by kind (`{ requests: 2, deliveries: 1 }`). */
export type WorkInFlight = Record<string, number>;

/** `2 requests and 1 delivery` (`nothing` when every count is 0). */
function describeWork(work: WorkInFlight): string {
  const parts = Object.entries(work)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${count === 1 ? kind.replace(/ies$/, 'y').replace(/s$/, '') : kind}`);
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}

/** How a process bounds its shutdown. */
export interface ShutdownOptions {
  /**
   * Longest wait (milliseconds) for `app.close()` after the signal. Past it the
   * process logs what it abandons (`Stop deadline of 15000 ms passed:
   * abandoning 1 delivery in flight`, context `Shutdown`, fields `signal` and
   * `abandoned`) and exits with status 1. Without it, the process waits as long
   * as its shutdown hooks take.
   */
  readonly deadlineMs?: number;
  /** Runs once the app is closed, before the signal is raised again (the buffered spans are sent). */
  readonly afterClose?: () => Promise<void>;
}

/**
 * Graceful shutdown on SIGTERM and SIGINT, in place of Nest's `enableShutdownHooks`,
 * with two log lines an operator can follow: `Shutting down (SIGTERM): finishing
 * 2 requests and 1 delivery in flight` when the signal arrives, then `Stopped
 * after 812 ms: finished 2 requests and 1 delivery` once `app.close()` (Nest's
 * shutdown hooks: HTTP server, workers, database) is done, both with
 * `{signal, inFlight}` fields. The signal is then raised again, so the process
 * ends as it would have by the signal (as Nest does). With a deadline
 * ({@link ShutdownOptions}), a shutdown that hangs (Redis or the database
 * unreachable) ends at the deadline instead, exit status 1.
 *
 * @param inFlight counts the process's work in progress at the moment of the signal (and at the deadline).
 */
export function shutdownOnSignals(app: INestApplicationContext, inFlight: () => WorkInFlight, options: ShutdownOptions = {}): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      const started = Date.now();
      const work = inFlight();
      logger.log({ signal, inFlight: work, msg: `Shutting down (${signal}): finishing ${describeWork(work)} in flight` });
      const deadline =
        options.deadlineMs === undefined
          ? undefined
          : setTimeout(() => {
              const abandoned = inFlight();
              logger.error({
                signal,
                abandoned,
                msg: `Stop deadline of ${options.deadlineMs} ms passed: abandoning ${describeWork(abandoned)} in flight`,
              });
              process.exit(1);
            }, options.deadlineMs);
      // Fire and forget: the signal handler returns at once; every failure is logged, and the process then stops.
      void app
        .close()
        .then(
          () => logger.log({ signal, inFlight: work, msg: `Stopped after ${Date.now() - started} ms: finished ${describeWork(work)}` }),
          (error: unknown) => logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .then(() => options.afterClose?.())
        .catch((error: unknown) => logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          clearTimeout(deadline);
          writePendingLogLines();
          process.kill(process.pid, signal);
        });
    });
  }
}
