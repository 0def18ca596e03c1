import type { DataSource } from 'typeorm';

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
   * cannot inflate the count.
   */
  async count(action: () => Promise<unknown>, runs = 3): Promise<number> {
    let fewest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < runs; run += 1) {
      const before = this.total;
      await action();
      fewest = Math.min(fewest, this.total - before);
    }
    return fewest;
  }
}
