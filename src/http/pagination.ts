import { ApiPropertyOptional } from '@nestjs/swagger';

import { IntegerField, Optional } from './field.decorators.js';
import { ToInteger } from './to-integer.decorator.js';

/** `page` and `per_page` of every [P] endpoint (docs/api.md#pagination). */
export class PaginationQuery {
  /** Zero-based page number. */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, description: 'Zero-based page number.' })
  @Optional()
  @ToInteger()
  @IntegerField({ min: 0 })
  page: number = 0;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @Optional()
  @ToInteger()
  @IntegerField({ min: 1, max: 100 })
  per_page: number = 20;
}

/** A page of results as docs/api.md#pagination shapes it. */
export interface Page<T> {
  page: number;
  per_page: number;
  /** ceil(results / per_page). */
  pages: number;
  /** Total number of matches. */
  results: number;
  data: T[];
}

/** Assembles a {@link Page} from one page of rows and the total count. */
export function toPage<T>(query: PaginationQuery, total: number, data: T[]): Page<T> {
  return { page: query.page, per_page: query.per_page, pages: Math.ceil(total / query.per_page), results: total, data };
}

/** The escape character of {@link likeContains} patterns: the same literal on MySQL and SQLite. */
export const LIKE_ESCAPE = '!';

/**
 * A `LIKE ... ESCAPE '!'` pattern matching names that contain `text`, in which
 * `%`, `_` and `\\` match themselves literally (docs/api.md#pagination).
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;
}
