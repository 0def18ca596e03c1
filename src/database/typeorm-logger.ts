import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLoggerInterface } from 'typeorm';

/**
 * TypeORM's logger, through Nest's `Logger` (context `TypeORM`) and so through
 * the process's pino logger in its format: warnings at warn, slow queries at
 * warn, failed queries, schema and migration steps at debug. Statements that
 * succeed are not logged, and parameters never are (they carry token hashes).
 */
export class TypeOrmLogger implements TypeOrmLoggerInterface {
  private readonly logger = new Logger('TypeORM');

  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    this.logger.debug(`Query failed (${error instanceof Error ? error.message : error}): ${query}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`Slow query (${time} ms): ${query}`);
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  logMigration(message: string): void {
    this.logger.debug(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    if (level === 'warn') this.logger.warn(text);
    else if (level === 'info') this.logger.log(text);
    else this.logger.debug(text);
  }
}
