import { Injectable } from '@nestjs/common';

import { fromStoredAccountId, toStoredAccountId } from '../common/account-id.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { placeholders } from '../database/sql-placeholders.js';
import { Transactions } from '../database/transactions.js';
import type { AwardResource } from './resources.js';
import { type ColumnNames, type Columns, columnNames, unionArm } from './sql-columns.js';

/** The awards of many accounts and many teams, by owner. */
export interface AwardHoldings {
  /** Canonical account id → its awards ordered by award id. */
  readonly accounts: Map<string, AwardResource[]>;
  /** Team id → the awards given to it ordered by award id. */
  readonly teams: Map<number, AwardResource[]>;
}

interface HoldingRow {
  account_id: string | null;
  team_id: number | null;
  id: number;
  title: string;
  image_url: string;
}

/** The columns of {@link HoldingRow}: the owner (one of the two), then the award `w`. */
const HOLDING_COLUMNS: ColumnNames<HoldingRow> = ['account_id', 'team_id', 'id', 'title', 'image_url'];
/** The award `w` of a {@link HoldingRow}. */
const HOLDING_AWARD: Partial<Columns<HoldingRow>> = { id: 'w.id', title: 'w.title', image_url: 'w.image_url' };

/**
 * Loads the awards held by many accounts and given to many teams in ONE
 * statement, whatever the number of rows (docs/api.md#objects objects without N+1
 * queries; one round trip for every award of a response).
 */
@Injectable()
export class AwardHoldingsReader {
  constructor(private readonly transactions: Transactions) {}

  /** @returns the awards of `accountIds` (canonical) and of `teamIds`; absent owners map to nothing. */
  @GenerateSql({ params: [[S.ACCOUNT, S.ACCOUNT_2], [S.TEAM]] })
  async load(accountIds: string[], teamIds: number[]): Promise<AwardHoldings> {
    const holdings: AwardHoldings = { accounts: new Map(), teams: new Map() };
    const accounts = [...new Set(accountIds)].map(toStoredAccountId);
    const teams = [...new Set(teamIds)];
    const parts: string[] = [];
    if (accounts.length > 0) {
      parts.push(
        unionArm(HOLDING_COLUMNS, {
          columns: { account_id: 'h.account_id', ...HOLDING_AWARD },
          from: `FROM awardees h INNER JOIN awards w ON w.id = h.award_id WHERE h.account_id IN (${placeholders(accounts.length)})`,
        }),
      );
    }
    if (teams.length > 0) {
      parts.push(
        unionArm(HOLDING_COLUMNS, {
          columns: { team_id: 'w.team_id', ...HOLDING_AWARD },
          from: `FROM awards w WHERE w.team_id IN (${placeholders(teams.length)})`,
        }),
      );
    }
    if (parts.length === 0) return holdings;
    const rows: HoldingRow[] = await this.transactions.manager.query(`${parts.join(' UNION ALL ')} ORDER BY id`, [...accounts, ...teams]);
    for (const row of rows) {
      const award = { id: row.id, title: row.title, image_url: row.image_url };
      if (row.account_id !== null) appendAward(holdings.accounts, fromStoredAccountId(row.account_id), award);
      else appendAward(holdings.teams, row.team_id, award);
    }
    return holdings;
  }
}

/** An award in the columns of a single-statement read (`NULL` in a row that has none). */
export interface AwardColumns {
  award_id: number | null;
  award_title: string | null;
  award_image_url: string | null;
}

/** The {@link AwardColumns} of the award aliased `alias`. */
export function awardColumns(alias: string): Columns<AwardColumns> {
  return { award_id: `${alias}.id`, award_title: `${alias}.title`, award_image_url: `${alias}.image_url` };
}

/** The names of {@link AwardColumns}, in order. */
export const AWARD_COLUMN_NAMES: ColumnNames<AwardColumns> = columnNames(awardColumns('w'));

/**
 * An award row of a single-statement read (`UNION ALL`): the award in the
 * `award_*` columns, its owner in `id` (stored account id) or `team_id`.
 */
export interface AwardUnionRow extends AwardColumns {
  kind: number;
  /** The holder (stored account id) of a kind-`accountKind` row. */
  id: string | null;
  /** The team of a kind-`teamKind` row. */
  team_id: number | null;
}

/**
 * Collects the award rows of kind `accountKind` (held by the account in `id`)
 * and `teamKind` (given to the team in `team_id`) from a single-statement
 * read; other kinds are skipped. Each list is ordered by award id.
 */
export function holdingsFromRows(rows: AwardUnionRow[], accountKind: number, teamKind: number): AwardHoldings {
  const holdings: AwardHoldings = { accounts: new Map(), teams: new Map() };
  for (const row of rows) {
    const kind = row.kind;
    if (kind !== accountKind && kind !== teamKind) continue;
    const award = { id: row.award_id!, title: row.award_title!, image_url: row.award_image_url! };
    if (kind === accountKind) appendAward(holdings.accounts, fromStoredAccountId(row.id!), award);
    else appendAward(holdings.teams, row.team_id!, award);
  }
  return sortedByAwardId(holdings);
}

/** Orders every award list of `holdings` by award id (in place); @returns `holdings`. */
export function sortedByAwardId(holdings: AwardHoldings): AwardHoldings {
  for (const list of [...holdings.accounts.values(), ...holdings.teams.values()]) list.sort((left, right) => left.id - right.id);
  return holdings;
}

/** Adds `award` to the list of `key` in `map`. */
export function appendAward<K>(map: Map<K, AwardResource[]>, key: K, award: AwardResource): void {
  const list = map.get(key);
  if (list) list.push(award);
  else map.set(key, [award]);
}
