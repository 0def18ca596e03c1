import { Injectable } from '@nestjs/common';

import { GenerateSql } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { Transactions } from '../database/transactions.js';
import { LIKE_ESCAPE, type Page, likeContains, toPage } from '../http/pagination.js';
import type { TeamSearchFilter } from './read-model.types.js';
import type { AwardResource, TeamResource } from './resources.js';
import { AWARD_COLUMN_NAMES, type AwardColumns, awardColumns } from './award-holdings.reader.js';
import { type ColumnNames, columnNames, unionAll } from './sql-columns.js';
import { TEAM_ROW_COLUMNS, TEAM_ROW_FROM, type TeamRow } from './team-row.js';
import { TeamSerializer } from './team.serializer.js';
import { NameGramKeys } from './account-search/name-gram-keys.js';
import { type GramCounts, searchGramSql } from './account-search/name-grams.js';

/** A row of the search statement: a team of the page (kind 0) or one of its awards (kind 1). */
interface TeamSearchRow extends Partial<TeamRow>, AwardColumns {
  kind: number;
  total: number | null;
  award_team_id: number | null;
}

/** The columns of {@link TeamSearchRow}: `kind`, a {@link TeamRow}, the total, an award and its team. */
const TEAM_SEARCH_COLUMNS: ColumnNames<TeamSearchRow> = [
  'kind',
  ...columnNames(TEAM_ROW_COLUMNS),
  'total',
  'award_team_id',
  ...AWARD_COLUMN_NAMES,
];

/** The team names' gram counts (migration `1795900000004`). */
const TEAM_GRAM_COUNTS: GramCounts = { from: 'team_name_gram_counts c', count: 'c.teams' };

/** A SQL fragment and its parameters, in textual order. */
interface Fragment {
  sql: string;
  parameters: (string | number)[];
}

/**
 * `GET /teams/search` (docs/api.md#pagination) in ONE statement whatever the page size:
 * a `UNION ALL` of the page's rows with their maintained member
 * counts and the total as a scalar subquery (kind 0), and the page's awards
 * (kind 1, ordered by award id). Without `q` the page is read in the order of
 * index `(name, id)` and the total from the maintained `table_totals`. With
 * `q` on MySQL/MariaDB both come from the team names' n-gram index
 * (`team_name_grams`, the same keys as the accounts', see
 * `account-search/name-grams.ts`): a `q` of one or two characters reads its
 * gram's teams in `(gram, name)` order and its total from
 * `team_name_gram_counts`; a longer one verifies with `LIKE` the teams
 * holding its rarest bigram. On SQLite a `q` matches every name with `LIKE`.
 * A page past the end takes a second statement for its total.
 */
@Injectable()
export class TeamSearchReader {
  private readonly nameGrams: boolean;

  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
    private readonly gramKeys: NameGramKeys,
  ) {
    this.nameGrams = transactions.manager.connection.options.type === 'mysql';
  }

  /** A page of teams whose name contains `q`, ordered by (name, id). */
  @GenerateSql(
    { params: [{ page: 0, per_page: 20 }] },
    { name: 'q', params: [{ page: 0, per_page: 20, q: 'al' }] },
    { name: 'long q', params: [{ page: 0, per_page: 20, q: 'Red' }] },
    { name: 'past the end', params: [{ page: 5, per_page: 20 }] },
  )
  async search(query: TeamSearchFilter): Promise<Page<TeamResource>> {
    const matches = this.matches(query.q);
    const total = this.total(query.q);
    const page = `SELECT ${matches.sql} LIMIT ? OFFSET ?`;
    const pageParameters = [...matches.parameters, query.per_page, query.page * query.per_page];
    const rows = await this.reads.select<TeamSearchRow>(
      unionAll(TEAM_SEARCH_COLUMNS, [
        {
          columns: { kind: '0', ...TEAM_ROW_COLUMNS, total: `(${total.sql})` },
          from: `${TEAM_ROW_FROM} INNER JOIN (${page}) p ON p.id = t.id`,
        },
        {
          columns: { kind: '1', award_team_id: 'w.team_id', ...awardColumns('w') },
          from: `FROM awards w WHERE w.team_id IN (SELECT p.id FROM (${page}) p)`,
        },
      ]) + ' ORDER BY kind, name, id, award_id',
      [...total.parameters, ...pageParameters, ...pageParameters],
    );
    const teams = rows.filter((row) => row.kind === 0);
    if (teams.length === 0) {
      const [row] = await this.transactions.manager.query(`SELECT (${total.sql}) AS total`, total.parameters);
      return toPage(query, row.total, []);
    }
    const awards = new Map<number, AwardResource[]>();
    for (const row of rows.filter((candidate) => candidate.kind === 1)) {
      const list = awards.get(row.award_team_id!) ?? [];
      list.push({ id: row.award_id!, title: row.award_title!, image_url: row.award_image_url! });
      awards.set(row.award_team_id!, list);
    }
    return toPage(
      query,
      teams[0].total ?? 0,
      teams.map((team) => TeamSerializer.toResource(team as TeamRow, awards.get(team.id!) ?? [])),
    );
  }

  /**
   * The ids of the teams whose name contains `q` (every team without it), as the select list and `FROM` of a
   * statement in page order (column `id`; no `LIMIT`).
   */
  private matches(q: string | undefined): Fragment {
    if (!q) return { sql: 't.id AS id FROM teams t ORDER BY t.name, t.id', parameters: [] };
    const filter = this.filter(q);
    const order = this.nameGrams ? 'g.name, g.team_id' : 't.name, t.id';
    return { sql: `${this.nameGrams ? 'g.team_id' : 't.id'} AS id ${filter.sql} ORDER BY ${order}`, parameters: filter.parameters };
  }

  /** A scalar subquery giving the number of teams whose name contains `q` (of every team without it). */
  private total(q: string | undefined): Fragment {
    if (!q) return { sql: `SELECT SUM(total) FROM table_totals WHERE counted = 'teams'`, parameters: [] };
    if (this.nameGrams && [...q].length <= 2) {
      const gram = this.searchGram(q);
      return {
        sql: `SELECT COALESCE(SUM(c.teams), 0) FROM team_name_gram_counts c WHERE c.gram = ${gram.sql}`,
        parameters: gram.parameters,
      };
    }
    const filter = this.filter(q);
    return { sql: `SELECT COUNT(*) ${filter.sql}`, parameters: filter.parameters };
  }

  /**
   * `FROM ... WHERE ...` of the teams whose name contains `q`: on MySQL the grams of `q`'s gram (alias `g`, its name
   * copy checked with `LIKE` when `q` is longer than its gram), on SQLite every team (alias `t`) with `LIKE`.
   */
  private filter(q: string): Fragment {
    const like = { sql: `LIKE ? ESCAPE '${LIKE_ESCAPE}'`, parameters: [likeContains(q)] };
    if (!this.nameGrams) return { sql: `FROM teams t WHERE t.name ${like.sql}`, parameters: like.parameters };
    const gram = this.searchGram(q);
    const sql = `FROM team_name_grams g WHERE g.gram = ${gram.sql}`;
    return [...q].length <= 2
      ? { sql, parameters: gram.parameters }
      : { sql: `${sql} AND g.name ${like.sql}`, parameters: [...gram.parameters, ...like.parameters] };
  }

  /** `q`'s gram: a plain parameter when its keys are known in advance ({@link NameGramKeys}), else computed in SQL. */
  private searchGram(q: string): Fragment {
    const known = this.gramKeys.gramOf(q);
    return known === undefined ? searchGramSql(q, TEAM_GRAM_COUNTS) : { sql: '?', parameters: [known] };
  }
}
