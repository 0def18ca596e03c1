import { Injectable } from '@nestjs/common';

import type { AwardFields } from './read-model.types.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { Transactions } from '../database/transactions.js';
import { AccountSerializer } from './account.serializer.js';
import { ACCOUNT_ROW_COLUMNS, ACCOUNT_ROW_FROM, ACCOUNT_TEAM_COLUMNS, type AccountRow } from './account-row.js';
import { AWARD_COLUMN_NAMES, type AwardUnionRow, awardColumns, holdingsFromRows } from './award-holdings.reader.js';
import { type ColumnNames, columnNames, unionAll } from './sql-columns.js';
import type { AwardDetailsResource, AwardResource } from './resources.js';
import { TeamSerializer } from './team.serializer.js';

/** A row of {@link AWARD_DETAILS_SQL}: account columns and award columns, by `kind`. */
type AwardDetailsRow = AccountRow & AwardUnionRow;

/** The columns of {@link AwardDetailsRow}: `kind`, an {@link AccountRow}, an award. */
const AWARD_DETAILS_COLUMNS: ColumnNames<AwardDetailsRow> = ['kind', ...columnNames(ACCOUNT_ROW_COLUMNS), ...AWARD_COLUMN_NAMES];

/** {@link AwardSerializer.loadDetails}; parameters: the award id five times. */
const AWARD_DETAILS_SQL =
  unionAll<AwardDetailsRow>(AWARD_DETAILS_COLUMNS, [
    {
      columns: { kind: '1', ...ACCOUNT_ROW_COLUMNS },
      from: `${ACCOUNT_ROW_FROM} INNER JOIN awardees h ON h.account_id = a.id WHERE h.award_id = ?`,
    },
    {
      columns: { kind: '0', team_id: 'w.team_id', ...ACCOUNT_TEAM_COLUMNS, ...awardColumns('w') },
      from: 'FROM awards w LEFT JOIN teams t ON t.id = w.team_id LEFT JOIN account_counts c ON c.team_key = w.team_id WHERE w.id = ?',
    },
    {
      columns: { kind: '2', id: 'h2.account_id', ...awardColumns('w2') },
      from: 'FROM awardees h INNER JOIN awardees h2 ON h2.account_id = h.account_id INNER JOIN awards w2 ON w2.id = h2.award_id WHERE h.award_id = ?',
    },
    {
      columns: { kind: '3', team_id: 'w3.team_id', ...awardColumns('w3') },
      from:
        'FROM (SELECT a.team_id AS team_id FROM awardees h INNER JOIN accounts a ON a.id = h.account_id WHERE h.award_id = ? ' +
        'UNION SELECT w.team_id FROM awards w WHERE w.id = ?) involved INNER JOIN awards w3 ON w3.team_id = involved.team_id',
    },
  ]) + ' ORDER BY kind, name, id';

/**
 * Builds Award objects and the `GET /award/{award}` answer (docs/api.md#objects). The
 * answer takes a fixed number of queries whatever the number of awardees.
 */
@Injectable()
export class AwardSerializer {
  constructor(
    private readonly transactions: Transactions,
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
  async loadDetails(id: number): Promise<AwardDetailsResource | undefined> {
    const rows: AwardDetailsRow[] = await this.reads.select(AWARD_DETAILS_SQL, [id, id, id, id, id]);
    const award = rows.find((row) => row.kind === 0);
    if (!award) return undefined;
    const holders = rows.filter((row) => row.kind === 1);
    const holdings = holdingsFromRows(rows, 2, 3);
    const team =
      award.team_id === null || award.team_name === null
        ? null
        : TeamSerializer.toResource(
            { id: award.team_id, name: award.team_name, created_at: award.team_created_at!, member_count: award.team_member_count },
            holdings.teams.get(award.team_id) ?? [],
          );
    return {
      award: { id: award.award_id!, title: award.award_title!, image_url: award.award_image_url! },
      awardees: AccountSerializer.fromRows(holders, holdings),
      team,
    };
  }
}
