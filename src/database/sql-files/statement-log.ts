import { AsyncLocalStorage } from 'node:async_hooks';

import type { Logger } from 'typeorm';

/** A statement as the service sent it: its text with `?` placeholders, and its parameters. */
export interface LoggedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** Transaction control, left out of the files: the generator's own transaction turns the service's into savepoints. */
const TRANSACTION_CONTROL = /^\s*(START\s+TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE\s+SAVEPOINT|SET\s+TRANSACTION)\b/i;

/**
 * TypeORM's logger for the generator: while {@link record} runs, it keeps
 * every statement TypeORM, `PreparedReads` and `PreparedStatements` hand to
 * it (they log each one before it runs, in the async context of the code
 * that sends it), in order, transaction control left out. Only the recorded
 * work's own statements count: those of a timer running meanwhile (a
 * provider's background pass) are not its. Prints nothing.
 */
export class StatementLog implements Logger {
  private readonly recording = new AsyncLocalStorage<LoggedStatement[]>();

  /** Runs `work`, and @returns the statements it logged meanwhile with what it returned or threw. */
  async record(work: () => Promise<unknown>): Promise<{ statements: LoggedStatement[]; error?: unknown }> {
    const statements: LoggedStatement[] = [];
    try {
      await this.recording.run(statements, work);
      return { statements };
    } catch (error) {
      return { statements, error };
    }
  }

  logQuery(sql: string, parameters?: unknown[]): void {
    const statements = this.recording.getStore();
    if (statements && !TRANSACTION_CONTROL.test(sql)) statements.push({ sql, parameters: [...(parameters ?? [])] });
  }

  logQueryError(): void {}

  logQuerySlow(): void {}

  logSchemaBuild(): void {}

  logMigration(): void {}

  log(): void {}
}
