import { Optional, SearchTextField } from '../../http/field.decorators.js';
import { PaginationQuery } from '../../http/pagination.js';

/** Query of `GET /teams/search` (docs/api.md#routes-teams, docs/api.md#pagination). */
export class SearchTeamsQuery extends PaginationQuery {
  /** Case- and accent-insensitive substring of the name, not only of ignorable characters. */
  @Optional()
  @SearchTextField()
  q?: string;
}
