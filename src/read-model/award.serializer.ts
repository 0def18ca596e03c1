import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import type { AwardFields } from './read-model.types.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { AccountSerializer } from './account.serializer.js';
import { ACCOUNT_ROW_COLUMNS, ACCOUNT_ROW_FROM, type AccountRow } from './account-row.js';
import { type AwardUnionRow, holdingsFromRows } from './award-holdings.reader.js';
import type { AwardDetailsResource, AwardResource } from './resources.js';
import { TeamSerializer } from './team.serializer.js';

const NO_AWARD = 'NULL AS award_id, NULL AS award_title, NULL AS award_image_url';
/** `name`, `discriminator`, `avatar_url` of a row that is not an account. */
const NO_ACCOUNT = 'NULL, NULL, NULL';
const NO_TEAM = 'NULL, NULL, NULL';
/** {@link AwardSerializer.loadDetails}; parameters: the award id five times. */
const AWARD_DETAILS_SQL =
  `SELECT 1 AS kind, ${ACCOUNT_ROW_COLUMNS}, ${NO_AWARD} ${ACCOUNT_ROW_FROM} INNER JOIN awardees h ON h.account_id = a.id WHERE h.award_id = ? ` +
  `UNION ALL SELECT 0, NULL, ${NO_ACCOUNT}, w.team_id, NULL, NULL, t.name, t.created_at, c.accounts, w.id, w.title, w.image_url ` +
  'FROM awards w LEFT JOIN teams t ON t.id = w.team_id LEFT JOIN account_counts c ON c.team_key = w.team_id WHERE w.id = ? ' +
  `UNION ALL SELECT 2, h2.account_id, ${NO_ACCOUNT}, NULL, NULL, NULL, ${NO_TEAM}, w2.id, w2.title, w2.image_url ` +
  'FROM awardees h INNER JOIN awardees h2 ON h2.account_id = h.account_id INNER JOIN awards w2 ON w2.id = h2.award_id WHERE h.award_id = ? ' +
  `UNION ALL SELECT 3, NULL, ${NO_ACCOUNT}, w3.team_id, NULL, NULL, ${NO_TEAM}, w3.id, w3.title, w3.image_url FROM (` +
  'SELECT a.team_id AS team_id FROM awardees h INNER JOIN accounts a ON a.id = h.account_id WHERE h.award_id = ? ' +
  'UNION SELECT w.team_id FROM awards w WHERE w.id = ?) involved INNER JOIN awards w3 ON w3.team_id = involved.team_id ' +
  'ORDER BY kind, name, id';

/** A row of {@link AWARD_DETAILS_SQL}: account columns and award columns, by `kind`. */
type AwardDetailsRow = AccountRow & AwardUnionRow;

/**
 * Builds Award objects and the `GET /award/{award}` answer (docs/api.md#objects). The
 * answer takes a fixed number of queries whatever the number of awardees.
 */
@Injectable()
export class AwardSerializer {
  constructor(
    private readonly manager: EntityManager,
    private readonly reads: PreparedReads,
  ) {}

  /** The Award object `{id, title, image_url}`. */
  serialize(award: AwardFields): AwardResource {
    return { id: award.id, title: award.title, image_url: award.imageUrl };
  }

  /**
   * `GET /award/{award}` (docs/api.md#objects) in ONE statement whatever the number of
   * awardees: `{award, awardees, team}`, awardees ordered by
   * (name, id) like account search (docs/api.md#pagination), `team` null when the award
   * has none (its team was deleted or cleared). The statement is a
   * `UNION ALL` of rows with account columns and award columns (`award_*`):
   * kind 0 the award with its team, 1 the awardees with their teams (the
   * account columns), 2 the awardees' awards (holder in `id`), 3 the awards
   * of every team involved (team in `team_id`).
   *
   * @returns `undefined` when the award `id` does not exist.
   */
  @GenerateSql({ params: [S.AWARD_2] })
  async loadDetails(id: number, manager: EntityManager = this.manager): Promise<AwardDetailsResource | undefined> {
    const rows: AwardDetailsRow[] = await this.reads.select(AWARD_DETAILS_SQL, [id, id, id, id, id], manager);
    const award = rows.find((row) => Number(row.kind) === 0);
    if (!award) return undefined;
    const holders = rows.filter((row) => Number(row.kind) === 1);
    const holdings = holdingsFromRows(rows, 2, 3);
    const team =
      award.team_id === null || award.team_name === null
        ? null
        : TeamSerializer.toResource(
            { id: award.team_id, name: award.team_name, created_at: award.team_created_at!, member_count: award.team_member_count },
            holdings.teams.get(Number(award.team_id)) ?? [],
          );
    return {
      award: { id: Number(award.award_id), title: award.award_title!, image_url: award.award_image_url! },
      awardees: AccountSerializer.fromRows(holders, holdings),
      team,
    };
  }
}
