import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import type { SearchAccountsQuery } from '../accounts/dto/search-accounts.query.js';
import { LIKE_ESCAPE, type Page, likeContains, toPage } from '../http/pagination.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import { AccountSerializer } from './account.serializer.js';
import { ACCOUNT_ROW_COLUMNS, ACCOUNT_ROW_FROM, type AccountRow } from './account-row.js';
import { holdingsFromRows } from './award-holdings.reader.js';
import type { AccountResource } from './resources.js';

/** The columns of an award row after its own (as in {@link AccountSerializer.load}): no account, team or total. */
const NO_ACCOUNT = 'NULL, NULL, NULL, NULL, NULL';

/** A SQL fragment and its parameters, in textual order. */
interface Fragment {
  sql: string;
  parameters: unknown[];
}

/**
 * `GET /accounts/search` (contract §3) in ONE statement whatever the page
 * size (issue 6): a `UNION ALL` of the page's rows joined with their team
 * (the page read in the order of index `(name, id)` or `(team_id, name, id)`)
 * with the total as a scalar subquery, the page's awards and its teams'
 * awards (award rows as in {@link AccountSerializer.load}). Without `q` the
 * total is read from the maintained counts (`account_counts`), so it costs
 * the same at any data size; with `q` it is a `LIKE` scan of the name index.
 * A page past the end takes a second statement for its total.
 */
@Injectable()
export class AccountSearchReader {
  constructor(private readonly manager: EntityManager) {}

  /** @throws UnprocessableEntityError (422) at `["query", "team"]` when `team` names no team. */
  async search(query: SearchAccountsQuery): Promise<Page<AccountResource>> {
    const filter = AccountSearchReader.filter(query, 'a');
    const total = AccountSearchReader.total(query);
    // Ids only: covered by index (name, id) or (team_id, name, id), read in order, LIMIT rows at most.
    const page = `SELECT a.id AS id FROM accounts a${filter.sql} ORDER BY a.name, a.id LIMIT ? OFFSET ?`;
    const pageParameters = [...filter.parameters, query.per_page, query.page * query.per_page];
    const rows: (AccountRow & { kind: number | string; total: number | string | null })[] = await this.manager.query(
      `SELECT 0 AS kind, ${ACCOUNT_ROW_COLUMNS}, (${total.sql}) AS total ${ACCOUNT_ROW_FROM} INNER JOIN (${page}) p ON p.id = a.id ` +
        `UNION ALL SELECT 1, h.account_id, w.title, w.image_url, NULL, NULL, w.id, ${NO_ACCOUNT} ` +
        `FROM (${page}) p INNER JOIN awardees h ON h.account_id = p.id INNER JOIN awards w ON w.id = h.award_id ` +
        `UNION ALL SELECT 2, NULL, w.title, w.image_url, NULL, w.team_id, w.id, ${NO_ACCOUNT} ` +
        `FROM awards w WHERE w.team_id IN (SELECT m.team_id FROM accounts m INNER JOIN (${page}) p ON p.id = m.id) ` +
        'ORDER BY kind, name, id',
      [...total.parameters, ...pageParameters, ...pageParameters, ...pageParameters],
    );
    const accounts = rows.filter((row) => Number(row.kind) === 0);
    if (accounts.length === 0) return toPage(query, await this.totalOfEmptyPage(query, total), []);
    return toPage(query, Number(accounts[0].total ?? 0), AccountSerializer.fromRows(accounts, holdingsFromRows(rows, 1, 2)));
  }

  /** A page past the end (or no match): the total alone, and the 422 for an unknown team. */
  private async totalOfEmptyPage(query: SearchAccountsQuery, total: Fragment): Promise<number> {
    if (query.team) {
      const [team] = await this.manager.query('SELECT id FROM teams WHERE id = ?', [query.team]);
      if (!team) throw UnprocessableEntityError.notFound(['query', 'team'], 'Team');
    }
    const [row] = await this.manager.query(`SELECT (${total.sql}) AS total`, total.parameters);
    return Number(row?.total ?? 0);
  }

  /** The `WHERE` clause of `q` and `team` on the accounts aliased `alias`. */
  private static filter(query: SearchAccountsQuery, alias: string): Fragment {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (query.q) {
      conditions.push(`${alias}.name LIKE ? ESCAPE '${LIKE_ESCAPE}'`);
      parameters.push(likeContains(query.q));
    }
    if (query.team === 0) conditions.push(`${alias}.team_id IS NULL`);
    else if (query.team !== undefined) {
      conditions.push(`${alias}.team_id = ?`);
      parameters.push(query.team);
    }
    return { sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '', parameters };
  }

  /** A scalar subquery giving the number of matches: maintained counts without `q`, a count with it. */
  private static total(query: SearchAccountsQuery): Fragment {
    if (query.q) {
      const filter = AccountSearchReader.filter(query, 'm');
      return { sql: `SELECT COUNT(*) FROM accounts m${filter.sql}`, parameters: filter.parameters };
    }
    if (query.team !== undefined) return { sql: 'SELECT accounts FROM account_counts WHERE team_key = ?', parameters: [query.team] };
    return { sql: 'SELECT SUM(accounts) FROM account_counts', parameters: [] };
  }
}

