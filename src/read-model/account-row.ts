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
export const ACCOUNT_AWARDS_COLUMNS =
  'w1.id AS award_id, w1.title AS award_title, w1.image_url AS award_image_url, ' +
  'w2.id AS team_award_id, w2.title AS team_award_title, w2.image_url AS team_award_image_url';

/** An {@link AccountRow} with one of its awards or one of its team's awards ({@link ACCOUNT_AWARDS_JOIN}). */
export interface AccountAwardRow extends AccountRow {
  award_id: number | string | null;
  award_title: string | null;
  award_image_url: string | null;
  team_award_id: number | string | null;
  team_award_title: string | null;
  team_award_image_url: string | null;
}
