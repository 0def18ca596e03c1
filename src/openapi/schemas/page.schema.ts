import type { Type } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { Page } from '../../http/pagination.js';

/** Builds the OpenAPI schema of a page of `item` (docs/api.md#pagination), named `<Item>Page`. */
export function pageSchema<T>(item: Type<T>, name: string): Type<Page<T>> {
  @ApiSchema({ name })
  class PageSchema implements Page<T> {
    @ApiProperty({ type: 'integer', minimum: 0, description: 'Zero-based page number.' })
    page: number;

    @ApiProperty({ type: 'integer', minimum: 1, maximum: 100 })
    per_page: number;

    @ApiProperty({ type: 'integer', description: 'ceil(results / per_page).' })
    pages: number;

    @ApiProperty({ type: 'integer', description: 'Total number of matches.' })
    results: number;

    @ApiProperty({ type: () => [item] })
    data: T[];
  }
  return PageSchema;
}
