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
 * it (they log each one before it runs), in order, transaction control
 * left out. Prints nothing.
 */
export class StatementLog implements Logger {
  private statements: LoggedStatement[] | undefined;

  /** Runs `work`, and @returns the statements logged meanwhile with what `work` returned or threw. */
  async record(work: () => Promise<unknown>): Promise<{ statements: LoggedStatement[]; error?: unknown }> {
    const statements: LoggedStatement[] = [];
    this.statements = statements;
    try {
      await work();
      return { statements };
    } catch (error) {
      return { statements, error };
    } finally {
      this.statements = undefined;
    }
  }

  logQuery(sql: string, parameters?: unknown[]): void {
    if (this.statements && !TRANSACTION_CONTROL.test(sql)) this.statements.push({ sql, parameters: [...(parameters ?? [])] });
  }

  logQueryError(): void {}

  logQuerySlow(): void {}

  logSchemaBuild(): void {}

  logMigration(): void {}

  log(): void {}
}
