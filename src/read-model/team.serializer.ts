import { Injectable } from '@nestjs/common';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { placeholders } from '../database/sql-placeholders.js';
import { Transactions } from '../database/transactions.js';
import type { TeamFields } from './read-model.types.js';
import { AwardHoldingsReader } from './award-holdings.reader.js';
import type { AwardResource, TeamResource } from './resources.js';
import { columnNames, unionAll } from './sql-columns.js';
import { TEAM_ROW_COLUMNS, TEAM_ROW_FROM, TEAM_ROW_SELECT, type TeamRow } from './team-row.js';

/** A row of {@link SINGLE_TEAM_SQL}: the team (kind 0), or one of its awards (kind 1: its id in `id`, its title in `name`). */
type SingleTeamRow = TeamRow & { kind: number; image_url: string | null };

/** {@link TeamSerializer.loadOne}: kind 0 the team, 1 its awards by id. */
const SINGLE_TEAM_SQL =
  unionAll<SingleTeamRow>(
    ['kind', ...columnNames(TEAM_ROW_COLUMNS), 'image_url'],
    [
      { columns: { kind: '0', ...TEAM_ROW_COLUMNS }, from: `${TEAM_ROW_FROM} WHERE t.id = ?` },
      { columns: { kind: '1', id: 'w.id', name: 'w.title', image_url: 'w.image_url' }, from: 'FROM awards w WHERE w.team_id = ?' },
    ],
  ) + ' ORDER BY kind, id';

/**
 * Builds Team objects (docs/api.md#objects) for any number of teams in two
 * statements (rows with their maintained member counts, and awards), or one
 * for a single team read by id.
 */
@Injectable()
export class TeamSerializer {
  constructor(
    private readonly transactions: Transactions,
    private readonly awardHoldings: AwardHoldingsReader,
    private readonly reads: PreparedReads,
  ) {}

  /** One Team object per entity, in the same order (entities missing from the database are skipped). */
  @GenerateSql({ params: [[S.TEAM_FIELDS, { ...S.TEAM_FIELDS, id: S.TEAM_2 }]] })
  async serialize(teams: TeamFields[]): Promise<TeamResource[]> {
    const loaded = await this.load(teams.map((team) => team.id));
    return teams.map((team) => loaded.get(team.id)).filter((team): team is TeamResource => team !== undefined);
  }

  /** Convenience for a single team. */
  @GenerateSql({ params: [S.TEAM_FIELDS] })
  async serializeOne(team: TeamFields): Promise<TeamResource> {
    return (await this.serialize([team]))[0];
  }

  /** Reads and builds the teams `ids`: team id → Team object (unknown ids are absent). Two statements. */
  @GenerateSql({ params: [[S.TEAM, S.TEAM_2]] })
  async load(ids: number[]): Promise<Map<number, TeamResource>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const [rows, holdings] = await Promise.all([this.rows(unique), this.awardHoldings.load([], unique)]);
    return new Map(rows.map((row) => [row.id, TeamSerializer.toResource(row, holdings.teams.get(row.id) ?? [])]));
  }

  /**
   * Reads and builds the team `id` in ONE statement: its row and its
   * awards as one `UNION ALL` (award rows carry the title in `name`).
   *
   * @returns `undefined` when the team does not exist.
   */
  @GenerateSql({ params: [S.TEAM] })
  async loadOne(id: number): Promise<TeamResource | undefined> {
    const rows: (TeamRow & { kind: number; image_url: string | null })[] = await this.reads.select(SINGLE_TEAM_SQL, [id, id]);
    const team = rows.find((row) => row.kind === 0);
    if (!team) return undefined;
    const awards = rows.filter((row) => row.kind === 1).map((row) => ({ id: row.id, title: row.name, image_url: row.image_url! }));
    return TeamSerializer.toResource(team, awards);
  }

  /** The rows of the teams `ids` with their member counts (one statement). */
  @GenerateSql({ params: [[S.TEAM, S.TEAM_2]] })
  rows(ids: number[]): Promise<TeamRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.transactions.manager.query(`${TEAM_ROW_SELECT} WHERE t.id IN (${placeholders(ids.length)})`, ids);
  }

  /** The Team object of a row and its awards. */
  static toResource(row: TeamRow, awards: AwardResource[]): TeamResource {
    return {
      id: row.id,
      name: row.name,
      created_at: row.created_at,
      member_count: row.member_count ?? 0,
      awards,
    };
  }
}
