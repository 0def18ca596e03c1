import { type AwardColumns, awardColumns } from './award-holdings.reader.js';
import type { Columns } from './sql-columns.js';

/**
 * An account as the read queries return it: the row joined with its team and
 * the team's maintained member count, so that one query gives everything of
 * an Account object but the awards (docs/api.md#objects).
 */
export interface AccountRow {
  /** Stored (zero-padded) id. */
  id: string;
  name: string;
  discriminator: string;
  avatar_url: string | null;
  team_id: number | null;
  permissions: number;
  created_at: number;
  team_name: string | null;
  team_created_at: number | null;
  team_member_count: number | null;
}

/** The columns of an account's team in {@link AccountRow} (aliases `t`, `c`: its team and the team's maintained count). */
export const ACCOUNT_TEAM_COLUMNS = {
  team_name: 't.name',
  team_created_at: 't.created_at',
  team_member_count: 'c.accounts',
} as const satisfies Columns<Pick<AccountRow, 'team_name' | 'team_created_at' | 'team_member_count'>>;

/** The columns of {@link AccountRow} (aliases `a`, `t`, `c` of {@link ACCOUNT_ROW_FROM}); the reads add `WHERE` and joins. */
export const ACCOUNT_ROW_COLUMNS: Columns<AccountRow> = {
  id: 'a.id',
  name: 'a.name',
  discriminator: 'a.discriminator',
  avatar_url: 'a.avatar_url',
  team_id: 'a.team_id',
  permissions: 'a.permissions',
  created_at: 'a.created_at',
  ...ACCOUNT_TEAM_COLUMNS,
};

/** The joins of an account `a` with its team and the team's maintained member count. */
export const ACCOUNT_TEAM_JOINS = 'LEFT JOIN teams t ON t.id = a.team_id LEFT JOIN account_counts c ON c.team_key = a.team_id';

/** Accounts joined with their team and its maintained member count. */
export const ACCOUNT_ROW_FROM = `FROM accounts a ${ACCOUNT_TEAM_JOINS}`;

/**
 * Joins after {@link ACCOUNT_ROW_FROM} that list, in the same SELECT, each
 * account's awards and its team's awards (one statement, no
 * `UNION`): every account comes out as rows of kind `s.n` 1, one per award it
 * holds (`w1`, or one row of NULLs), and kind 2, one per award of its team
 * (`w2`, or one row of NULLs). Award lists are short, so the fan-out is too.
 */
export const ACCOUNT_AWARDS_JOIN =
  'INNER JOIN numbers s ON s.n <= 2 LEFT JOIN awardees h ON s.n = 1 AND h.account_id = a.id LEFT JOIN awards w1 ON w1.id = h.award_id ' +
  'LEFT JOIN awards w2 ON s.n = 2 AND w2.team_id = a.team_id';

/** The award columns of {@link ACCOUNT_AWARDS_JOIN}. */
export const ACCOUNT_AWARDS_COLUMNS: Columns<Omit<AccountAwardRow, keyof AccountRow>> = {
  ...awardColumns('w1'),
  team_award_id: 'w2.id',
  team_award_title: 'w2.title',
  team_award_image_url: 'w2.image_url',
};

/** An {@link AccountRow} with one of its awards or one of its team's awards ({@link ACCOUNT_AWARDS_JOIN}). */
export interface AccountAwardRow extends AccountRow, AwardColumns {
  team_award_id: number | null;
  team_award_title: string | null;
  team_award_image_url: string | null;
}
