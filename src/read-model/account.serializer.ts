import { Injectable } from '@nestjs/common';

import { fromStoredAccountId, toStoredAccountId } from '../common/account-id.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { Transactions } from '../database/transactions.js';
import type { AccountFields } from './read-model.types.js';
import {
  ACCOUNT_AWARDS_COLUMNS,
  ACCOUNT_AWARDS_JOIN,
  ACCOUNT_ROW_COLUMNS,
  ACCOUNT_ROW_FROM,
  type AccountAwardRow,
  type AccountRow,
} from './account-row.js';
import { type AwardHoldings, AwardHoldingsReader, appendAward, sortedByAwardId } from './award-holdings.reader.js';
import type { AccountResource, TeamResource } from './resources.js';
import { selectList } from './sql-columns.js';
import { TeamSerializer } from './team.serializer.js';

/** {@link AccountSerializer.load}: the account with its awards and its team's awards, one row per award. */
const SINGLE_ACCOUNT_SQL = `SELECT ${selectList<AccountAwardRow>({ ...ACCOUNT_ROW_COLUMNS, ...ACCOUNT_AWARDS_COLUMNS })} ${ACCOUNT_ROW_FROM} ${ACCOUNT_AWARDS_JOIN} WHERE a.id = ?`;

/**
 * Builds Account objects (docs/api.md#objects) with their team and awards in a fixed
 * number of statements for any number of accounts: two for loaded entities
 * (teams with member counts; every award), one for a single account read by
 * id.
 */
@Injectable()
export class AccountSerializer {
  constructor(
    private readonly transactions: Transactions,
    private readonly teamSerializer: TeamSerializer,
    private readonly awardHoldings: AwardHoldingsReader,
    private readonly reads: PreparedReads,
  ) {}

  /** One Account object per entity, in the same order. */
  @GenerateSql({ params: [[S.ACCOUNT_FIELDS, { ...S.ACCOUNT_FIELDS, id: S.ACCOUNT_3, teamId: null }]] })
  async serialize(accounts: AccountFields[]): Promise<AccountResource[]> {
    if (accounts.length === 0) return [];
    const teamIds = [...new Set(accounts.map((account) => account.teamId).filter((id): id is number => id !== null))];
    const [teamRows, holdings] = await Promise.all([
      this.teamSerializer.rows(teamIds),
      this.awardHoldings.load(
        accounts.map((account) => account.id),
        teamIds,
      ),
    ]);
    const teams = new Map(teamRows.map((row) => [row.id, TeamSerializer.toResource(row, holdings.teams.get(row.id) ?? [])]));
    return accounts.map((account) =>
      AccountSerializer.toResource(
        {
          id: account.id,
          name: account.name,
          discriminator: account.discriminator,
          avatarUrl: account.avatarUrl,
          permissions: account.permissions,
          createdAt: account.createdAt,
        },
        account.teamId === null ? null : (teams.get(account.teamId) ?? null),
        holdings,
      ),
    );
  }

  /** Convenience for a single account. */
  @GenerateSql({ params: [S.ACCOUNT_FIELDS] })
  async serializeOne(account: AccountFields): Promise<AccountResource> {
    return (await this.serialize([account]))[0];
  }

  /** Account objects for rows and their already loaded awards (`holdings` of the accounts and their teams). */
  static fromRows(rows: AccountRow[], holdings: AwardHoldings): AccountResource[] {
    return rows.map((row) =>
      AccountSerializer.toResource(
        {
          id: fromStoredAccountId(row.id),
          name: row.name,
          discriminator: row.discriminator,
          avatarUrl: row.avatar_url,
          permissions: row.permissions,
          createdAt: row.created_at,
        },
        row.team_id === null
          ? null
          : TeamSerializer.toResource(
              { id: row.team_id, name: row.team_name!, created_at: row.team_created_at!, member_count: row.team_member_count },
              holdings.teams.get(row.team_id) ?? [],
            ),
        holdings,
      ),
    );
  }

  /**
   * Account objects from {@link AccountAwardRow}s (each account's rows
   * together, accounts in the order of their first row): the account and
   * team columns of an account's first row, the awards of all its rows.
   */
  static fromAwardRows(rows: AccountAwardRow[]): AccountResource[] {
    const accounts = new Map<string, AccountAwardRow>();
    const holdings: AwardHoldings = { accounts: new Map(), teams: new Map() };
    const teamAwardIds = new Map<number, Set<number>>();
    for (const row of rows) {
      if (!accounts.has(row.id)) accounts.set(row.id, row);
      if (row.award_id !== null) {
        const owner = fromStoredAccountId(row.id);
        appendAward(holdings.accounts, owner, { id: row.award_id, title: row.award_title!, image_url: row.award_image_url! });
      }
      if (row.team_award_id !== null) {
        // Accounts of one team each list the team's awards: keep one copy.
        const team = row.team_id!;
        const seen = teamAwardIds.get(team) ?? new Set<number>();
        teamAwardIds.set(team, seen);
        const awardId = row.team_award_id;
        if (!seen.has(awardId)) {
          seen.add(awardId);
          appendAward(holdings.teams, team, { id: awardId, title: row.team_award_title!, image_url: row.team_award_image_url! });
        }
      }
    }
    return AccountSerializer.fromRows([...accounts.values()], sortedByAwardId(holdings));
  }

  /**
   * Reads and builds the account `id` (canonical) in ONE statement:
   * the account row with its team, the account's awards and the team's
   * awards ({@link ACCOUNT_AWARDS_JOIN}).
   *
   * @returns `undefined` when the account does not exist.
   */
  @GenerateSql({ params: [S.ACCOUNT] })
  async load(id: string): Promise<AccountResource | undefined> {
    const rows = await this.reads.select<AccountAwardRow>(SINGLE_ACCOUNT_SQL, [toStoredAccountId(id)]);
    return AccountSerializer.fromAwardRows(rows)[0];
  }

  private static toResource(
    account: Pick<AccountFields, 'id' | 'name' | 'discriminator' | 'avatarUrl' | 'permissions' | 'createdAt'>,
    team: TeamResource | null,
    holdings: AwardHoldings,
  ): AccountResource {
    return {
      id: account.id,
      name: account.name,
      discriminator: account.discriminator,
      avatar_url: account.avatarUrl,
      team,
      permissions: account.permissions,
      created_at: account.createdAt,
      awards: holdings.accounts.get(account.id) ?? [],
    };
  }
}
