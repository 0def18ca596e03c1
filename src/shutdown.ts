import { type INestApplicationContext, Logger } from '@nestjs/common';

/** Work a process finishes before it stops, by kind (`{ requests: 2, deliveries: 1 }`). */
export type WorkInFlight = Record<string, number>;

/** `2 requests and 1 delivery` (`nothing` when every count is 0). */
function describeWork(work: WorkInFlight): string {
  const parts = Object.entries(work)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${count === 1 ? kind.replace(/ies$/, 'y').replace(/s$/, '') : kind}`);
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}

/**
 * Graceful shutdown on SIGTERM and SIGINT, in place of Nest's `enableShutdownHooks`,
 * with two log lines an operator can follow: `Shutting down (SIGTERM): finishing
 * 2 requests and 1 delivery in flight` when the signal arrives, then `Stopped
 * after 812 ms: finished 2 requests and 1 delivery` once `app.close()` (Nest's
 * shutdown hooks: HTTP server, workers, database) is done, both with
 * `{signal, inFlight}` fields. The signal is then raised again, so the process
 * ends as it would have by the signal (as Nest does).
 *
 * @param inFlight counts the process's work in progress at the moment of the signal.
 * @param afterClose runs once the app is closed, before the signal is raised again (the buffered spans are sent).
 */
export function shutdownOnSignals(
  app: INestApplicationContext,
  inFlight: () => WorkInFlight,
  afterClose: () => Promise<void> = () => Promise.resolve(),
): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      const started = Date.now();
      const work = inFlight();
      logger.log({ signal, inFlight: work, msg: `Shutting down (${signal}): finishing ${describeWork(work)} in flight` });
      app
        .close()
        .then(
          () => logger.log({ signal, inFlight: work, msg: `Stopped after ${Date.now() - started} ms: finished ${describeWork(work)}` }),
          (error: unknown) => logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .then(afterClose)
        .finally(() => process.kill(process.pid, signal));
    });
  }
}
