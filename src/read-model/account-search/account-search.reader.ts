import { Injectable } from '@nestjs/common';

import type { AccountSearchFilter } from '../read-model.types.js';
import { LIKE_ESCAPE, type Page, likeContains, toPage } from '../../http/pagination.js';
import { NAME_RANGE_TARGET, AccountNameRanges } from './account-name-ranges.js';
import { NameGramKeys } from './name-gram-keys.js';
import { GenerateSql, SqlSample as S } from '../../database/generate-sql.decorator.js';
import { searchGramSql } from './name-grams.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { Transactions } from '../../database/transactions.js';
import { AccountSerializer } from '../account.serializer.js';
import {
  ACCOUNT_AWARDS_COLUMNS,
  ACCOUNT_AWARDS_JOIN,
  ACCOUNT_ROW_COLUMNS,
  ACCOUNT_TEAM_JOINS,
  type AccountAwardRow,
} from '../account-row.js';
import type { AccountResource } from '../resources.js';
import { selectList } from '../sql-columns.js';

/** A row of the search statement: an account of the page, its place `rn` in it, the total, and one of its awards. */
type AccountSearchRow = AccountAwardRow & { rn: number; total: number | null };

/** A row of a deep page's statement: also the exact count of accounts in the ranges before its boundary. */
type DeepPageRow = AccountSearchRow & { range_before: number | null };

/** How many times a deep page is read again when the count before its range changed meanwhile (then answered as read). */
const DEEP_PAGE_READS = 3;

/** A SQL fragment and its parameters, in textual order. */
interface Fragment {
  sql: string;
  parameters: (string | number)[];
}

/**
 * `GET /accounts/search` (docs/api.md#pagination) in ONE statement whatever the page
 * size: the page's accounts (read in the order of index
 * `(name, id)` or `(team_id, name, id)`, or with `q` on MySQL of the name
 * n-grams' `(gram, name)`) joined with their teams, their awards and their
 * teams' awards (`ACCOUNT_AWARDS_JOIN`), with the total as a scalar subquery. The total is read from maintained
 * counts (`table_totals` unfiltered, `account_counts` with a team; with a `q` of one or two characters and no team,
 * `name_gram_counts`), so it costs the same at any data size and number of teams; a longer `q`
 * counts the accounts holding its rarest bigram (MySQL), or scans the names
 * (SQLite). An empty page (past the end, or no match) takes a second
 * statement for its total ({@link AccountSearchReader.countMatches}). On
 * MySQL/MariaDB a page of the unfiltered search from the 1,500th account on
 * starts from the name range holding its first row
 * ({@link AccountNameRanges.start}, from the ranges this process keeps), so
 * the page reads at most about 3,000 index entries before its own, however
 * deep it is; its statement also reads the exact count before that range, and
 * the page is read again (up to three times) when that count moved.
 */
@Injectable()
export class AccountSearchReader {
  private readonly nameGrams: boolean;
  /**
   * MySQL's `STRAIGHT_JOIN`, or nothing on SQLite: joins in the written order,
   * page first, so that each account and its team are read once and only then
   * fanned out to the two kinds of award rows. (MariaDB would otherwise start
   * from the two rows of `numbers` and read every account and team twice.)
   */
  private readonly straightJoin: string;

  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
    private readonly gramKeys: NameGramKeys,
    private readonly ranges: AccountNameRanges,
  ) {
    this.nameGrams = transactions.manager.connection.options.type === 'mysql';
    this.straightJoin = this.nameGrams ? 'STRAIGHT_JOIN ' : '';
  }

  /**
   * The page of accounts matching `query`, ordered by (name, id), with the
   * total; `undefined` when the page is empty (a page past the end, or no
   * match, or a `team` that names no team): {@link countMatches} then gives
   * the total.
   */
  @GenerateSql(
    { params: [{ page: 0, per_page: 20 }] },
    { name: 'team', params: [{ page: 0, per_page: 20, team: S.TEAM }] },
    { name: 'no team', params: [{ page: 0, per_page: 20, team: 0 }] },
    { name: 'short q', params: [{ page: 0, per_page: 20, q: 'a' }] },
    { name: 'long q', params: [{ page: 0, per_page: 20, q: 'Ada' }] },
    { name: 'q and team', params: [{ page: 0, per_page: 20, q: 'b', team: S.TEAM }] },
    { name: 'past the end', params: [{ page: 5, per_page: 20, team: S.TEAM }] },
    { name: 'deep', params: [{ page: 100, per_page: 20 }] },
  )
  async page(query: AccountSearchFilter): Promise<Page<AccountResource> | undefined> {
    const offset = query.page * query.per_page;
    if (this.nameGrams && offset >= NAME_RANGE_TARGET && query.q === undefined && query.team === undefined) {
      // A deep unfiltered page starts from the name range holding its first row (account-name-ranges.ts).
      let start = await this.ranges.start(offset);
      for (let reads = 1; start !== undefined && start.boundary !== ''; reads += 1) {
        const rows = await this.pageRows(query, offset - start.before, start.boundary);
        const exact = rows[0]?.range_before;
        if (exact === start.before || reads === DEEP_PAGE_READS) return this.toPage(query, rows);
        // The count before the boundary moved since the ranges were read: again from the exact count (the ranges
        // are read afresh by a later page), or afresh now.
        if (exact !== undefined && exact !== null && exact <= offset) {
          this.ranges.outOfDate();
          start = { boundary: start.boundary, before: exact };
        } else start = await this.ranges.start(offset, true);
      }
      if (start === undefined) return undefined;
    }
    return this.toPage(query, await this.pageRows(query, offset));
  }

  /**
   * The rows of the page at `offset` of the matches of `query`, or with `boundary` at `offset` of the accounts
   * named from `boundary` on (unfiltered), with the exact count of accounts in the ranges before `boundary`
   * (`range_before`, read in the same statement).
   */
  private async pageRows(
    query: AccountSearchFilter,
    offset: number,
    boundary?: string,
  ): Promise<(Partial<DeepPageRow> & AccountSearchRow)[]> {
    const matches: Fragment =
      boundary === undefined
        ? this.matches(query)
        : { sql: 'SELECT a.id AS id, a.name AS name FROM accounts a WHERE a.name >= ? ORDER BY a.name, a.id', parameters: [boundary] };
    const total = this.total(query);
    // The page, numbered in its order: the outer SELECT needs no ORDER BY (a sort of every joined row).
    const page = `SELECT x.id AS id, ROW_NUMBER() OVER (ORDER BY x.name, x.id) AS rn FROM (${matches.sql} LIMIT ? OFFSET ?) x`;
    const base = { rn: 'p.rn', ...ACCOUNT_ROW_COLUMNS, total: `(${total.sql})` };
    const columns =
      boundary === undefined
        ? selectList<AccountSearchRow>({ ...base, ...ACCOUNT_AWARDS_COLUMNS })
        : selectList<DeepPageRow>({
            ...base,
            range_before: '(SELECT COALESCE(SUM(r.accounts), 0) FROM account_name_range_counts r WHERE r.boundary < ?)',
            ...ACCOUNT_AWARDS_COLUMNS,
          });
    return this.reads.select<Partial<DeepPageRow> & AccountSearchRow>(
      `SELECT ${this.straightJoin}${columns} ` +
        `FROM (${page}) p INNER JOIN accounts a ON a.id = p.id ${ACCOUNT_TEAM_JOINS} ${ACCOUNT_AWARDS_JOIN}`,
      [...total.parameters, ...(boundary === undefined ? [] : [boundary]), ...matches.parameters, query.per_page, offset],
    );
  }

  /** The page of `rows` (in any order), or `undefined` when there are none. */
  private toPage(query: AccountSearchFilter, rows: AccountSearchRow[]): Page<AccountResource> | undefined {
    if (rows.length === 0) return undefined;
    rows.sort((left, right) => left.rn - right.rn);
    return toPage(query, rows[0].total ?? 0, AccountSerializer.fromAwardRows(rows));
  }

  /** The number of accounts matching `query` (one statement; 0 for a `team` that names no team). */
  @GenerateSql({ params: [{ page: 5, per_page: 20, team: S.TEAM }] }, { name: 'q', params: [{ page: 5, per_page: 20, q: 'Ada' }] })
  async countMatches(query: AccountSearchFilter): Promise<number> {
    const total = this.total(query);
    const [row]: { total: number | null }[] = await this.transactions.manager.query(`SELECT (${total.sql}) AS total`, total.parameters);
    return row?.total ?? 0;
  }

  /**
   * The ids and names of every match in page order (columns `id`, `name`; no `LIMIT`): covered by
   * index `(name, id)` or `(team_id, name, id)`, or with `q` on MySQL read in
   * `(gram, name)` order from the n-grams of `q`'s gram (see
   * `name-grams.ts`), verified with `LIKE` when `q` is longer than
   * its gram.
   */
  private matches(query: AccountSearchFilter): Fragment {
    const filter = this.filter(query);
    if (query.q && this.nameGrams) {
      return {
        sql: `SELECT g.account_id AS id, g.name AS name ${filter.sql} ORDER BY g.name, g.account_id`,
        parameters: filter.parameters,
      };
    }
    return { sql: `SELECT a.id AS id, a.name AS name ${filter.sql} ORDER BY a.name, a.id`, parameters: filter.parameters };
  }

  /** A scalar subquery giving the number of matches: maintained counts where they answer it, else a count of {@link filter}. */
  private total(query: AccountSearchFilter): Fragment {
    if (query.q) {
      const length = [...query.q].length;
      if (this.nameGrams && length <= 2 && query.team === undefined) {
        const gram = this.searchGram(query.q);
        return {
          sql: `SELECT COALESCE(SUM(c.accounts), 0) FROM name_gram_counts c WHERE c.gram = ${gram.sql}`,
          parameters: gram.parameters,
        };
      }
      const filter = this.filter(query);
      return { sql: `SELECT COUNT(*) ${filter.sql}`, parameters: filter.parameters };
    }
    if (query.team !== undefined) return { sql: 'SELECT accounts FROM account_counts WHERE team_key = ?', parameters: [query.team] };
    return { sql: `SELECT SUM(total) FROM table_totals WHERE counted = 'accounts'`, parameters: [] };
  }

  /** `q`'s gram to look up: a plain parameter when known in advance ({@link NameGramKeys}), else computed in SQL (`searchGramSql`). */
  private searchGram(q: string): Fragment {
    const known = this.gramKeys.gramOf(q);
    return known === undefined ? searchGramSql(q) : { sql: '?', parameters: [known] };
  }

  /** `FROM ... WHERE ...` of the matching accounts (alias `a`; with `q` on MySQL also their grams, alias `g`). */
  private filter(query: AccountSearchFilter): Fragment {
    const conditions: string[] = [];
    const parameters: (string | number)[] = [];
    let from = 'FROM accounts a';
    if (query.q) {
      const length = [...query.q].length;
      if (this.nameGrams) {
        // The gram alone decides a q of one or two characters; the accounts are joined only to filter further.
        from =
          length > 2 || query.team !== undefined
            ? 'FROM account_name_grams g INNER JOIN accounts a ON a.id = g.account_id'
            : 'FROM account_name_grams g';
        const gram = this.searchGram(query.q);
        conditions.push(`g.gram = ${gram.sql}`);
        parameters.push(...gram.parameters);
      }
      if (!this.nameGrams || length > 2) {
        conditions.push(`a.name LIKE ? ESCAPE '${LIKE_ESCAPE}'`);
        parameters.push(likeContains(query.q));
      }
    }
    if (query.team === 0) conditions.push('a.team_id IS NULL');
    else if (query.team !== undefined) {
      conditions.push('a.team_id = ?');
      parameters.push(query.team);
    }
    return { sql: conditions.length > 0 ? `${from} WHERE ${conditions.join(' AND ')}` : from, parameters };
  }
}
