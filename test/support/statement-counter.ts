import type { DataSource } from 'typeorm';

/** Longer than the relay's wake-up delay (50 ms) plus a pass. */
const QUIET_MS = 150;

/**
 * Counts the SQL statements the app sends to the database. TypeORM hands every
 * statement to `dataSource.logger.logQuery` before running it, on MySQL and on
 * SQLite alike (whatever the `logging` option), so wrapping that method sees
 * them all: queries, transaction statements and locks.
 */
export class StatementCounter {
  private total = 0;

  constructor(dataSource: DataSource) {
    const logger = dataSource.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, queryRunner) => {
      this.total += 1;
      return logQuery(query, parameters, queryRunner);
    };
  }

  /**
   * Runs `action` `runs` times and returns the smallest number of statements
   * one run issued, so that an unrelated background query (a delivery poll)
   * cannot inflate the count. Each run starts once the app has sent no
   * statement for {@link QUIET_MS}: a write just before may have woken the
   * outbox relay, whose pass would otherwise overlap every run.
   */
  async count(action: () => Promise<unknown>, runs = 3): Promise<number> {
    let fewest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < runs; run += 1) {
      await this.quiet();
      const before = this.total;
      await action();
      fewest = Math.min(fewest, this.total - before);
    }
    return fewest;
  }

  /** Waits until no statement was sent for {@link QUIET_MS} (at most 5 s). */
  private async quiet(): Promise<void> {
    for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
      const before = this.total;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      if (this.total === before) return;
    }
  }
}
