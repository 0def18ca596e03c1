/**
 * The SQL of the same-SQL reference's write routes (reference-server.mjs):
 * the statements the service sends, copied as they reach MariaDB. When the
 * service's statements change, these change with them;
 * `statement-sequence.mjs` fails the benchmark while they differ.
 */

/** The account with its team and every award, one row per award (src/read-model/account-row.ts). */
export const ACCOUNT_READ_SQL =
  'SELECT a.id AS id, a.name AS name, a.discriminator AS discriminator, a.avatar_url AS avatar_url, a.team_id AS team_id, ' +
  'a.permissions AS permissions, a.created_at AS created_at, t.name AS team_name, t.created_at AS team_created_at, ' +
  'c.accounts AS team_member_count, w1.id AS award_id, w1.title AS award_title, w1.image_url AS award_image_url, ' +
  'w2.id AS team_award_id, w2.title AS team_award_title, w2.image_url AS team_award_image_url ' +
  'FROM accounts a LEFT JOIN teams t ON t.id = a.team_id LEFT JOIN account_counts c ON c.team_key = a.team_id ' +
  'INNER JOIN numbers s ON s.n <= 2 LEFT JOIN awardees h ON s.n = 1 AND h.account_id = a.id LEFT JOIN awards w1 ON w1.id = h.award_id ' +
  'LEFT JOIN awards w2 ON s.n = 2 AND w2.team_id = a.team_id WHERE a.id = ?';

/**
 * The service's statements, by what they do: `prepared` ones go by mysql2
 * `execute` (server-side prepared, as the service's `PreparedReads` and
 * `PreparedStatements`), `text` ones by `query` (as TypeORM's query runner
 * sends them).
 */
export const prepared = {
  appCredential: 'SELECT id, name, permissions, token_hash, created_at FROM apps WHERE id = ?',
  lockAccount: 'SELECT id, name, discriminator, avatar_url, team_id, permissions, created_at FROM accounts WHERE id = ? FOR UPDATE',
  findTeam: 'SELECT id, name, created_at FROM teams WHERE id = ?',
  updateAccount: 'UPDATE accounts SET team_id = ? WHERE id = ?',
  readAccount: ACCOUNT_READ_SQL,
  readEpoch: 'SELECT epoch FROM callback_epoch WHERE id = 1 LOCK IN SHARE MODE',
  insertEvent: 'INSERT INTO outbox_events (type, payload, created_at, callback_epoch) VALUES (?, ?, ?, ?)',
  insertAccount:
    'INSERT INTO accounts (id, name, discriminator, avatar_url, team_id, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  lockAward: 'SELECT id, title, image_url, team_id, created_at FROM awards WHERE id = ? FOR UPDATE',
  holds: 'SELECT 1 AS held FROM awardees WHERE award_id = ? AND account_id = ?',
  addHolder: 'INSERT INTO awardees (award_id, account_id) VALUES (?, ?)',
  removeHolder: 'DELETE FROM awardees WHERE award_id = ? AND account_id = ?',
};

/** See {@link prepared}. */
export const text = {
  begin: 'START TRANSACTION',
  commit: 'COMMIT',
};

/** The Account object (docs/api.md#objects) from the rows of {@link ACCOUNT_READ_SQL}. */
export function accountFromRows(rows) {
  const [first] = rows;
  const award = (id, title, image_url) => ({ id: Number(id), title, image_url });
  const awards = rows.filter((row) => row.award_id !== null).map((row) => award(row.award_id, row.award_title, row.award_image_url));
  const teamAwards = rows
    .filter((row) => row.team_award_id !== null)
    .map((row) => award(row.team_award_id, row.team_award_title, row.team_award_image_url));
  return {
    id: BigInt(first.id).toString(),
    name: first.name,
    discriminator: first.discriminator,
    avatar_url: first.avatar_url,
    team:
      first.team_id === null
        ? null
        : {
            id: Number(first.team_id),
            name: first.team_name,
            created_at: Number(first.team_created_at),
            member_count: Number(first.team_member_count ?? 0),
            awards: teamAwards,
          },
    permissions: Number(first.permissions),
    created_at: Number(first.created_at),
    awards,
  };
}
