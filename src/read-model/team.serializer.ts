import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { placeholders } from '../database/sql-placeholders.js';
import type { TeamFields } from './read-model.types.js';
import { AwardHoldingsReader } from './award-holdings.reader.js';
import type { AwardResource, TeamResource } from './resources.js';
import { TEAM_ROW_SELECT, type TeamRow } from './team-row.js';

/** {@link TeamSerializer.loadOne}: kind 0 the team, 1 its awards by id. */
const SINGLE_TEAM_SQL =
  'SELECT 0 AS kind, t.id AS id, t.name AS name, t.created_at AS created_at, c.accounts AS member_count, NULL AS image_url ' +
  'FROM teams t LEFT JOIN account_counts c ON c.team_key = t.id WHERE t.id = ? ' +
  'UNION ALL SELECT 1, w.id, w.title, NULL, NULL, w.image_url FROM awards w WHERE w.team_id = ? ' +
  'ORDER BY kind, id';

/**
 * Builds Team objects (docs/api.md#objects) for any number of teams in two
 * statements (rows with their maintained member counts, and awards), or one
 * for a single team read by id.
 */
@Injectable()
export class TeamSerializer {
  constructor(
    private readonly manager: EntityManager,
    private readonly awardHoldings: AwardHoldingsReader,
    private readonly reads: PreparedReads,
  ) {}

  /** One Team object per entity, in the same order (entities missing from the database are skipped). */
  @GenerateSql({ params: [[S.TEAM_FIELDS, { ...S.TEAM_FIELDS, id: S.TEAM_2 }]] })
  async serialize(teams: TeamFields[], manager: EntityManager = this.manager): Promise<TeamResource[]> {
    const loaded = await this.load(
      teams.map((team) => team.id),
      manager,
    );
    return teams.map((team) => loaded.get(team.id)).filter((team): team is TeamResource => team !== undefined);
  }

  /** Convenience for a single team. */
  @GenerateSql({ params: [S.TEAM_FIELDS] })
  async serializeOne(team: TeamFields, manager: EntityManager = this.manager): Promise<TeamResource> {
    return (await this.serialize([team], manager))[0];
  }

  /** Reads and builds the teams `ids`: team id → Team object (unknown ids are absent). Two statements. */
  @GenerateSql({ params: [[S.TEAM, S.TEAM_2]] })
  async load(ids: number[], manager: EntityManager = this.manager): Promise<Map<number, TeamResource>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const [rows, holdings] = await Promise.all([this.rows(unique, manager), this.awardHoldings.load(manager, [], unique)]);
    return new Map(rows.map((row) => [Number(row.id), TeamSerializer.toResource(row, holdings.teams.get(Number(row.id)) ?? [])]));
  }

  /**
   * Reads and builds the team `id` in ONE statement: its row and its
   * awards as one `UNION ALL` (award rows carry the title in `name`).
   *
   * @returns `undefined` when the team does not exist.
   */
  @GenerateSql({ params: [S.TEAM] })
  async loadOne(id: number, manager: EntityManager = this.manager): Promise<TeamResource | undefined> {
    const rows: (TeamRow & { kind: number | string; image_url: string | null })[] = await this.reads.select(
      SINGLE_TEAM_SQL,
      [id, id],
      manager,
    );
    const team = rows.find((row) => Number(row.kind) === 0);
    if (!team) return undefined;
    const awards = rows
      .filter((row) => Number(row.kind) === 1)
      .map((row) => ({ id: Number(row.id), title: row.name, image_url: row.image_url! }));
    return TeamSerializer.toResource(team, awards);
  }

  /** The rows of the teams `ids` with their member counts (one statement). */
  @GenerateSql({ params: [[S.TEAM, S.TEAM_2]] })
  rows(ids: number[], manager: EntityManager = this.manager): Promise<TeamRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager.query(`${TEAM_ROW_SELECT} WHERE t.id IN (${placeholders(ids.length)})`, ids);
  }

  /** The Team object of a row and its awards. */
  static toResource(row: TeamRow, awards: AwardResource[]): TeamResource {
    return {
      id: Number(row.id),
      name: row.name,
      created_at: Number(row.created_at),
      member_count: Number(row.member_count ?? 0),
      awards,
    };
  }
}
