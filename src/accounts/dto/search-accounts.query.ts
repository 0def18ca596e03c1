import { Optional, IntegerField, SearchTextField } from '../../http/field.decorators.js';
import { PaginationQuery } from '../../http/pagination.js';
import { ToInteger } from '../../http/to-integer.decorator.js';

/** Query of `GET /accounts/search` (docs/api.md#routes-accounts, docs/api.md#pagination). */
export class SearchAccountsQuery extends PaginationQuery {
  /** Case- and accent-insensitive substring of the name, not only of ignorable characters. */
  @Optional()
  @SearchTextField()
  q?: string;

  /** Only accounts of this team; 0 lists accounts without a team. */
  @Optional()
  @ToInteger()
  @IntegerField({ min: 0 })
  team?: number;
}
