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

const ACCOUNT_ENTITY_COLUMNS =
  '`AccountEntity`.`id` AS `AccountEntity_id`, `AccountEntity`.`name` AS `AccountEntity_name`, ' +
  '`AccountEntity`.`discriminator` AS `AccountEntity_discriminator`, `AccountEntity`.`avatar_url` AS `AccountEntity_avatar_url`, ' +
  '`AccountEntity`.`team_id` AS `AccountEntity_team_id`, `AccountEntity`.`permissions` AS `AccountEntity_permissions`, ' +
  '`AccountEntity`.`created_at` AS `AccountEntity_created_at`';

/** The service's statements, by what they do. */
export const sql = {
  appCredential: 'SELECT id, name, permissions, token_hash, created_at FROM apps WHERE id = ?',
  begin: 'START TRANSACTION',
  commit: 'COMMIT',
  lockAccount: `SELECT ${ACCOUNT_ENTITY_COLUMNS} FROM \`accounts\` \`AccountEntity\` WHERE ((\`AccountEntity\`.\`id\` = ?)) LIMIT 1 FOR UPDATE`,
  findTeam:
    'SELECT `TeamEntity`.`id` AS `TeamEntity_id`, `TeamEntity`.`name` AS `TeamEntity_name`, `TeamEntity`.`created_at` AS `TeamEntity_created_at` ' +
    'FROM `teams` `TeamEntity` WHERE ((`TeamEntity`.`id` = ?)) LIMIT 1',
  updateAccount: 'UPDATE `accounts` SET `name` = ?, `discriminator` = ?, `avatar_url` = ?, `team_id` = ?, `permissions` = ? WHERE `id` = ?',
  readEpoch: 'SELECT epoch FROM callback_epoch WHERE id = 1 LOCK IN SHARE MODE',
  insertEvent:
    'INSERT INTO `outbox_events`(`id`, `type`, `payload`, `created_at`, `callback_epoch`, `dispatched_at`) VALUES (DEFAULT, ?, ?, ?, ?, DEFAULT)',
  reselectEvent:
    'SELECT `OutboxEventEntity`.`id` AS `OutboxEventEntity_id`, `OutboxEventEntity`.`callback_epoch` AS `OutboxEventEntity_callback_epoch` ' +
    'FROM `outbox_events` `OutboxEventEntity` WHERE `OutboxEventEntity`.`id` = ?',
  accountExists:
    'SELECT 1 AS `row_exists` FROM (SELECT 1 AS dummy_column) `dummy_table` WHERE EXISTS ' +
    '(SELECT 1 FROM `accounts` `AccountEntity` WHERE ((`AccountEntity`.`id` = ?))) LIMIT 1',
  insertAccount:
    'INSERT INTO `accounts`(`id`, `name`, `discriminator`, `avatar_url`, `team_id`, `permissions`, `created_at`) VALUES (?, ?, ?, NULL, ?, ?, ?)',
  reselectAccount:
    'SELECT `AccountEntity`.`id` AS `AccountEntity_id`, `AccountEntity`.`permissions` AS `AccountEntity_permissions` ' +
    'FROM `accounts` `AccountEntity` WHERE `AccountEntity`.`id` = ?',
  teamRows:
    'SELECT t.id AS id, t.name AS name, t.created_at AS created_at, c.accounts AS member_count FROM teams t ' +
    'LEFT JOIN account_counts c ON c.team_key = t.id WHERE t.id IN (?)',
  accountAndTeamAwards:
    'SELECT h.account_id AS account_id, NULL AS team_id, w.id AS id, w.title AS title, w.image_url AS image_url FROM awardees h ' +
    'INNER JOIN awards w ON w.id = h.award_id WHERE h.account_id IN (?) UNION ALL SELECT NULL AS account_id, w.team_id AS team_id, ' +
    'w.id AS id, w.title AS title, w.image_url AS image_url FROM awards w WHERE w.team_id IN (?) ORDER BY id',
  accountAwards:
    'SELECT h.account_id AS account_id, NULL AS team_id, w.id AS id, w.title AS title, w.image_url AS image_url FROM awardees h ' +
    'INNER JOIN awards w ON w.id = h.award_id WHERE h.account_id IN (?) ORDER BY id',
  lockAward:
    'SELECT `AwardEntity`.`id` AS `AwardEntity_id`, `AwardEntity`.`title` AS `AwardEntity_title`, `AwardEntity`.`image_url` AS `AwardEntity_image_url`, ' +
    '`AwardEntity`.`team_id` AS `AwardEntity_team_id`, `AwardEntity`.`created_at` AS `AwardEntity_created_at` ' +
    'FROM `awards` `AwardEntity` WHERE ((`AwardEntity`.`id` = ?)) LIMIT 1 FOR UPDATE',
  holds:
    'SELECT 1 AS `row_exists` FROM (SELECT 1 AS dummy_column) `dummy_table` WHERE EXISTS ' +
    '(SELECT 1 FROM `awardees` `AwardeeEntity` WHERE ((`AwardeeEntity`.`award_id` = ?) AND (`AwardeeEntity`.`account_id` = ?))) LIMIT 1',
  addHolder: 'INSERT INTO `awardees`(`award_id`, `account_id`) VALUES (?, ?)',
  removeHolder: 'DELETE FROM `awardees` WHERE (`award_id` = ? AND `account_id` = ?)',
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
