import { Optional, TextField } from '../../http/field.decorators.js';
import { PaginationQuery } from '../../http/pagination.js';

/** Query of `GET /teams/search` (docs/api.md#routes-teams, docs/api.md#pagination). */
export class SearchTeamsQuery extends PaginationQuery {
  /** Case-insensitive substring of the name. */
  @Optional()
  @TextField(0, 255, { trim: false })
  q?: string;
}
