import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { PreparedReads } from '../database/prepared-reads.js';
import { LIKE_ESCAPE, type Page, likeContains, toPage } from '../http/pagination.js';
import type { SearchTeamsQuery } from '../teams/dto/search-teams.query.js';
import type { AwardResource, TeamResource } from './resources.js';
import { TEAM_ROW_COLUMNS, TEAM_ROW_FROM, type TeamRow } from './team-row.js';
import { TeamSerializer } from './team.serializer.js';

/**
 * `GET /teams/search` (contract §3) in ONE statement whatever the page size
 *: a `UNION ALL` of the page's rows with their maintained member
 * counts (the page read in the order of index `(name, id)`) and the total as
 * a scalar subquery, and the page's awards (kind 1: team id in `id`, title in
 * `name`, award id in `member_count`). A page past the end takes a second
 * statement for its total.
 */
@Injectable()
export class TeamSearchReader {
  constructor(
    private readonly manager: EntityManager,
    private readonly reads: PreparedReads,
  ) {}

  /** A page of teams whose name contains `q`, ordered by (name, id). */
  async search(query: SearchTeamsQuery): Promise<Page<TeamResource>> {
    const where = query.q ? ` WHERE t.name LIKE ? ESCAPE '${LIKE_ESCAPE}'` : '';
    const filter = query.q ? [likeContains(query.q)] : [];
    const total = `SELECT COUNT(*) FROM teams t${where}`;
    const page = `SELECT t.id AS id FROM teams t${where} ORDER BY t.name, t.id LIMIT ? OFFSET ?`;
    const pageParameters = [...filter, query.per_page, query.page * query.per_page];
    const rows = await this.reads.select<TeamRow & { kind: number | string; image_url: string | null; total: number | string | null }>(
      `SELECT 0 AS kind, ${TEAM_ROW_COLUMNS}, NULL AS image_url, (${total}) AS total ${TEAM_ROW_FROM} INNER JOIN (${page}) p ON p.id = t.id ` +
        `UNION ALL SELECT 1, w.team_id, w.title, NULL, w.id, w.image_url, NULL FROM awards w WHERE w.team_id IN (SELECT p.id FROM (${page}) p) ` +
        'ORDER BY kind, name, id',
      [...filter, ...pageParameters, ...pageParameters],
    );
    const teams = rows.filter((row) => Number(row.kind) === 0);
    if (teams.length === 0) {
      const [row] = await this.manager.query(`SELECT (${total}) AS total`, filter);
      return toPage(query, Number(row.total), []);
    }
    const awards = new Map<number, AwardResource[]>();
    for (const row of rows
      .filter((candidate) => Number(candidate.kind) === 1)
      .sort((left, right) => Number(left.member_count) - Number(right.member_count))) {
      const list = awards.get(Number(row.id)) ?? [];
      list.push({ id: Number(row.member_count), title: row.name, image_url: row.image_url! });
      awards.set(Number(row.id), list);
    }
    return toPage(
      query,
      Number(teams[0].total),
      teams.map((team) => TeamSerializer.toResource(team, awards.get(Number(team.id)) ?? [])),
    );
  }
}
