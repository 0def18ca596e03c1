/**
 * An account as the read queries return it: the row joined with its team and
 * the team's maintained member count, so that one query gives everything of
 * an Account object but the awards (contract §2; issue 6).
 */
export interface AccountRow {
  /** Stored (zero-padded) id. */
  id: string;
  name: string;
  discriminator: string;
  avatar_url: string | null;
  team_id: number | string | null;
  permissions: number | string;
  created_at: number | string;
  team_name: string | null;
  team_created_at: number | string | null;
  team_member_count: number | string | null;
}

/** The select list of {@link AccountRow} (aliases `a`, `t`, `c` of {@link ACCOUNT_ROW_FROM}); the reads add `WHERE` and joins. */
export const ACCOUNT_ROW_COLUMNS =
  'a.id AS id, a.name AS name, a.discriminator AS discriminator, a.avatar_url AS avatar_url, a.team_id AS team_id, ' +
  'a.permissions AS permissions, a.created_at AS created_at, t.name AS team_name, t.created_at AS team_created_at, ' +
  'c.accounts AS team_member_count';

/** Accounts joined with their team and its maintained member count. */
export const ACCOUNT_ROW_FROM = 'FROM accounts a LEFT JOIN teams t ON t.id = a.team_id LEFT JOIN account_counts c ON c.team_key = a.team_id';
