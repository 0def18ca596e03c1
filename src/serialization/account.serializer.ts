import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { fromStoredAccountId, toStoredAccountId } from '../accounts/account-id.js';
import type { AccountEntity } from '../accounts/account.entity.js';
import { ACCOUNT_ROW_COLUMNS, ACCOUNT_ROW_FROM, type AccountRow } from './account-row.js';
import { type AwardHoldings, AwardHoldingsReader, holdingsFromRows } from './award-holdings.reader.js';
import type { AccountResource, TeamResource } from './resources.js';
import { TeamSerializer } from './team.serializer.js';

/** {@link AccountSerializer.load}: kind 0 the account, 1 its awards, 2 its team's awards (rows unordered). */
const SINGLE_ACCOUNT_SQL =
  `SELECT 0 AS kind, ${ACCOUNT_ROW_COLUMNS} ${ACCOUNT_ROW_FROM} WHERE a.id = ? ` +
  'UNION ALL SELECT 1, h.account_id, w.title, w.image_url, NULL, NULL, w.id, NULL, NULL, NULL, NULL ' +
  'FROM awardees h INNER JOIN awards w ON w.id = h.award_id WHERE h.account_id = ? ' +
  'UNION ALL SELECT 2, NULL, w.title, w.image_url, NULL, w.team_id, w.id, NULL, NULL, NULL, NULL ' +
  'FROM accounts a INNER JOIN awards w ON w.team_id = a.team_id WHERE a.id = ?';

/**
 * Builds Account objects (contract §2) with their team and awards in a fixed
 * number of statements for any number of accounts: two for loaded entities
 * (teams with member counts; every award), one for a single account read by
 * id (issue 6).
 */
@Injectable()
export class AccountSerializer {
  constructor(
    private readonly manager: EntityManager,
    private readonly teamSerializer: TeamSerializer,
    private readonly awardHoldings: AwardHoldingsReader,
  ) {}

  /** One Account object per entity, in the same order. */
  async serialize(accounts: AccountEntity[], manager: EntityManager = this.manager): Promise<AccountResource[]> {
    if (accounts.length === 0) return [];
    const teamIds = [...new Set(accounts.map((account) => account.teamId).filter((id): id is number => id !== null))];
    const [teamRows, holdings] = await Promise.all([
      this.teamSerializer.rows(teamIds, manager),
      this.awardHoldings.load(manager, accounts.map((account) => account.id), teamIds),
    ]);
    const teams = new Map(teamRows.map((row) => [Number(row.id), TeamSerializer.toResource(row, holdings.teams.get(Number(row.id)) ?? [])]));
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
  async serializeOne(account: AccountEntity, manager: EntityManager = this.manager): Promise<AccountResource> {
    return (await this.serialize([account], manager))[0];
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
          permissions: Number(row.permissions),
          createdAt: Number(row.created_at),
        },
        row.team_id === null
          ? null
          : TeamSerializer.toResource(
              { id: row.team_id, name: row.team_name!, created_at: row.team_created_at!, member_count: row.team_member_count },
              holdings.teams.get(Number(row.team_id)) ?? [],
            ),
        holdings,
      ),
    );
  }

  /**
   * Reads and builds the account `id` (canonical) in ONE statement (issue 6):
   * the account row with its team, the account's awards and the team's
   * awards, as one `UNION ALL` (award rows carry the award id in
   * `permissions`, the title in `name` and the image in `discriminator`).
   *
   * @returns `undefined` when the account does not exist.
   */
  async load(id: string, manager: EntityManager = this.manager): Promise<AccountResource | undefined> {
    const stored = toStoredAccountId(id);
    const rows: (AccountRow & { kind: number | string })[] = await manager.query(SINGLE_ACCOUNT_SQL, [stored, stored, stored]);
    const account = rows.find((row) => Number(row.kind) === 0);
    if (!account) return undefined;
    return AccountSerializer.fromRows([account], holdingsFromRows(rows, 1, 2))[0];
  }

  private static toResource(
    account: Pick<AccountEntity, 'id' | 'name' | 'discriminator' | 'avatarUrl' | 'permissions' | 'createdAt'>,
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
