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

/**
 * `GET /teams/search` (docs/api.md#pagination) in ONE statement whatever the page size:
 * a `UNION ALL` of the page's rows with their maintained member
 * counts (the page read in the order of index `(name, id)`) and the total as
 * a scalar subquery (kind 0: without `q` the maintained `table_totals`, so it
 * costs the same however many teams there are; with `q` a count of the
 * matching names), and the page's awards (kind 1, ordered by award id). A page
 * past the end takes a second statement for its total.
 */
@Injectable()
export class TeamSearchReader {
  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
  ) {}

  /** A page of teams whose name contains `q`, ordered by (name, id). */
  @GenerateSql(
    { params: [{ page: 0, per_page: 20 }] },
    { name: 'q', params: [{ page: 0, per_page: 20, q: 'al' }] },
    { name: 'past the end', params: [{ page: 5, per_page: 20 }] },
  )
  async search(query: TeamSearchFilter): Promise<Page<TeamResource>> {
    const where = query.q ? ` WHERE t.name LIKE ? ESCAPE '${LIKE_ESCAPE}'` : '';
    const filter = query.q ? [likeContains(query.q)] : [];
    const total = query.q ? `SELECT COUNT(*) FROM teams t${where}` : `SELECT SUM(total) FROM table_totals WHERE counted = 'teams'`;
    const page = `SELECT t.id AS id FROM teams t${where} ORDER BY t.name, t.id LIMIT ? OFFSET ?`;
    const pageParameters = [...filter, query.per_page, query.page * query.per_page];
    const rows = await this.reads.select<TeamSearchRow>(
      unionAll(TEAM_SEARCH_COLUMNS, [
        {
          columns: { kind: '0', ...TEAM_ROW_COLUMNS, total: `(${total})` },
          from: `${TEAM_ROW_FROM} INNER JOIN (${page}) p ON p.id = t.id`,
        },
        {
          columns: { kind: '1', award_team_id: 'w.team_id', ...awardColumns('w') },
          from: `FROM awards w WHERE w.team_id IN (SELECT p.id FROM (${page}) p)`,
        },
      ]) + ' ORDER BY kind, name, id, award_id',
      [...filter, ...pageParameters, ...pageParameters],
    );
    const teams = rows.filter((row) => row.kind === 0);
    if (teams.length === 0) {
      const [row] = await this.transactions.manager.query(`SELECT (${total}) AS total`, filter);
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
}
