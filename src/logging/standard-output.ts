import { type DestinationStream, pino } from 'pino';

/**
 * Standard output for JSON log lines (docs/decisions.md#log-lines-written-synchronously):
 * the lines made during one turn of the event loop are written together, with
 * one synchronous write (pino's SonicBoom destination, which retries
 * partial and `EAGAIN` writes) as that turn ends (`setImmediate`), before the next turn's I/O or
 * timers: under load a turn answers several requests, and each request's
 * line no longer costs a system call of its own. Pending lines are written
 * on `process.exit` and on an uncaught exception (the `exit` event), and by
 * {@link writePendingLogLines} before a signal is re-raised. A process killed
 * outright (`SIGKILL`, an OOM kill) loses at most the lines of the turn it
 * interrupts.
 */
export class TurnBatchedOutput implements DestinationStream {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly output: DestinationStream) {
    process.on('exit', () => this.writePending());
  }

  /** Queues one line (pino hands over each line with its newline); written as this turn ends. */
  write(line: string): void {
    this.pending.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.writePending());
  }

  /** Writes every queued line now, synchronously. */
  writePending(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const lines = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.output.write(lines);
  }
}

let standardOutput: TurnBatchedOutput | undefined;

/** The process's one JSON-lines destination on standard output (file descriptor 1), made on first use. */
export function standardOutputDestination(): DestinationStream {
  standardOutput ??= new TurnBatchedOutput(pino.destination({ dest: 1, sync: true }));
  return standardOutput;
}

/** Writes the log lines still queued for standard output, synchronously (before a signal ends the process). */
export function writePendingLogLines(): void {
  standardOutput?.writePending();
}
