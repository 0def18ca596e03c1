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
  insertEvent: 'INSERT INTO outbox_events (type, payload, created_at, callback_epoch, trace_context) VALUES (?, ?, ?, ?, ?)',
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
  return accountsFromAwardRows(rows)[0];
}

// ---------------------------------------------------------------------------
// The read routes (`--only reads`): the statements of src/read-model/ as they
// reach MariaDB (src/queries/*.sql has them formatted, with their plans), put
// together the way the read model puts them together, and the JSON built from
// their rows as the service builds it.
// ---------------------------------------------------------------------------

/** `expression AS name, ...` of `columns` (name → expression), in order (src/read-model/sql-columns.ts `selectList`). */
function selectList(columns) {
  return Object.entries(columns)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(', ');
}

/** `SELECT ... UNION ALL SELECT ...`: each arm every column of `names`, as its expression or `NULL` (sql-columns.ts `unionAll`). */
function unionAll(names, arms) {
  return arms
    .map((arm) => `SELECT ${names.map((name) => `${arm.columns[name] ?? 'NULL'} AS ${name}`).join(', ')} ${arm.from}`)
    .join(' UNION ALL ');
}

const awardColumns = (alias) => ({ award_id: `${alias}.id`, award_title: `${alias}.title`, award_image_url: `${alias}.image_url` });
const AWARD_COLUMN_NAMES = Object.keys(awardColumns('w'));
const ACCOUNT_TEAM_COLUMNS = { team_name: 't.name', team_created_at: 't.created_at', team_member_count: 'c.accounts' };
const ACCOUNT_ROW_COLUMNS = {
  id: 'a.id',
  name: 'a.name',
  discriminator: 'a.discriminator',
  avatar_url: 'a.avatar_url',
  team_id: 'a.team_id',
  permissions: 'a.permissions',
  created_at: 'a.created_at',
  ...ACCOUNT_TEAM_COLUMNS,
};
const ACCOUNT_TEAM_JOINS = 'LEFT JOIN teams t ON t.id = a.team_id LEFT JOIN account_counts c ON c.team_key = a.team_id';
const ACCOUNT_ROW_FROM = `FROM accounts a ${ACCOUNT_TEAM_JOINS}`;
const ACCOUNT_AWARDS_JOIN =
  'INNER JOIN numbers s ON s.n <= 2 LEFT JOIN awardees h ON s.n = 1 AND h.account_id = a.id LEFT JOIN awards w1 ON w1.id = h.award_id ' +
  'LEFT JOIN awards w2 ON s.n = 2 AND w2.team_id = a.team_id';
const ACCOUNT_AWARDS_COLUMNS = {
  ...awardColumns('w1'),
  team_award_id: 'w2.id',
  team_award_title: 'w2.title',
  team_award_image_url: 'w2.image_url',
};
const TEAM_ROW_COLUMNS = { id: 't.id', name: 't.name', created_at: 't.created_at', member_count: 'c.accounts' };
const TEAM_ROW_FROM = 'FROM teams t LEFT JOIN account_counts c ON c.team_key = t.id';

/** `GET /team/{team}` (TeamSerializer.loadOne): kind 0 the team, 1 its awards by id; parameters: the team id twice. */
export const TEAM_READ_SQL =
  unionAll(
    ['kind', ...Object.keys(TEAM_ROW_COLUMNS), 'image_url'],
    [
      { columns: { kind: '0', ...TEAM_ROW_COLUMNS }, from: `${TEAM_ROW_FROM} WHERE t.id = ?` },
      { columns: { kind: '1', id: 'w.id', name: 'w.title', image_url: 'w.image_url' }, from: 'FROM awards w WHERE w.team_id = ?' },
    ],
  ) + ' ORDER BY kind, id';

/** `GET /award/{award}` (AwardSerializer.loadDetails): kinds 0 the award, 1 its holders, 2 their awards, 3 the teams' awards; the award id five times. */
export const AWARD_READ_SQL =
  unionAll(
    ['kind', ...Object.keys(ACCOUNT_ROW_COLUMNS), ...AWARD_COLUMN_NAMES],
    [
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
    ],
  ) + ' ORDER BY kind, name, id';

/**
 * The printable ASCII characters' n-gram keys (src/read-model/account-search/name-gram-keys.ts
 * reads them at start the same way; for these characters the key is the hex
 * of the collation weight: src/read-model/account-search/name-grams.ts), read once at start.
 */
export const PRINTABLE_ASCII_KEYS_SQL =
  'SELECT n.n AS code, HEX(WEIGHT_STRING(CHAR(n.n USING utf8mb4) COLLATE utf8mb4_unicode_ci)) AS k FROM numbers n WHERE n.n BETWEEN 32 AND 126';

/**
 * `GET /accounts/search` (AccountSearchReader.page) in the shapes the
 * benchmark sends: no filter, `team` (an existing team), or a `q` of one or
 * two printable ASCII characters without `team` (its gram given as `gram`).
 *
 * @returns `{ sql, parameters }` for page `page` of `perPage`.
 * @throws Error for another shape (the reference does not serve it).
 */
export function accountSearchStatement({ team, gram, page, perPage }) {
  let matches;
  let total;
  if (gram !== undefined && team === undefined) {
    matches = {
      sql: 'SELECT g.account_id AS id, g.name AS name FROM account_name_grams g WHERE g.gram = ? ORDER BY g.name, g.account_id',
      parameters: [gram],
    };
    total = { sql: 'SELECT COALESCE(SUM(c.accounts), 0) FROM name_gram_counts c WHERE c.gram = ?', parameters: [gram] };
  } else if (gram === undefined && team !== undefined && team !== 0) {
    matches = { sql: 'SELECT a.id AS id, a.name AS name FROM accounts a WHERE a.team_id = ? ORDER BY a.name, a.id', parameters: [team] };
    total = { sql: 'SELECT accounts FROM account_counts WHERE team_key = ?', parameters: [team] };
  } else if (gram === undefined && team === undefined) {
    matches = { sql: 'SELECT a.id AS id, a.name AS name FROM accounts a ORDER BY a.name, a.id', parameters: [] };
    total = { sql: "SELECT SUM(total) FROM table_totals WHERE counted = 'accounts'", parameters: [] };
  } else {
    throw new Error('the reference serves account search without a filter, with team, or with a short q');
  }
  const pageSql = `SELECT x.id AS id, ROW_NUMBER() OVER (ORDER BY x.name, x.id) AS rn FROM (${matches.sql} LIMIT ? OFFSET ?) x`;
  const columns = selectList({ rn: 'p.rn', ...ACCOUNT_ROW_COLUMNS, total: `(${total.sql})`, ...ACCOUNT_AWARDS_COLUMNS });
  return {
    sql: `SELECT STRAIGHT_JOIN ${columns} FROM (${pageSql}) p INNER JOIN accounts a ON a.id = p.id ${ACCOUNT_TEAM_JOINS} ${ACCOUNT_AWARDS_JOIN}`,
    parameters: [...total.parameters, ...matches.parameters, perPage, page * perPage],
  };
}

/**
 * `GET /teams/search` (TeamSearchReader.search) without `q`, or with a `q` of one or two printable ASCII
 * characters (its gram given as `gram`): kind 0 the page's teams with the total, 1 their awards.
 */
export function teamSearchStatement({ gram, page, perPage }) {
  const byGram = gram !== undefined;
  const total = byGram
    ? 'SELECT COALESCE(SUM(c.teams), 0) FROM team_name_gram_counts c WHERE c.gram = ?'
    : "SELECT SUM(total) FROM table_totals WHERE counted = 'teams'";
  const pageSql = byGram
    ? 'SELECT g.team_id AS id FROM team_name_grams g WHERE g.gram = ? ORDER BY g.name, g.team_id LIMIT ? OFFSET ?'
    : 'SELECT t.id AS id FROM teams t ORDER BY t.name, t.id LIMIT ? OFFSET ?';
  const pageParameters = [...(byGram ? [gram] : []), perPage, page * perPage];
  return {
    sql:
      unionAll(
        ['kind', ...Object.keys(TEAM_ROW_COLUMNS), 'total', 'award_team_id', ...AWARD_COLUMN_NAMES],
        [
          {
            columns: { kind: '0', ...TEAM_ROW_COLUMNS, total: `(${total})` },
            from: `${TEAM_ROW_FROM} INNER JOIN (${pageSql}) p ON p.id = t.id`,
          },
          {
            columns: { kind: '1', award_team_id: 'w.team_id', ...awardColumns('w') },
            from: `FROM awards w WHERE w.team_id IN (SELECT p.id FROM (${pageSql}) p)`,
          },
        ],
      ) + ' ORDER BY kind, name, id, award_id',
    parameters: [...(byGram ? [gram] : []), ...pageParameters, ...pageParameters],
  };
}

const PAGE_COLUMNS = `d.id, d.event_id, d.webhook_id, d.status, d.total_attempts, d.round, d.created_at, d.last_attempt_at,
  d.next_attempt_at, d.last_status, d.last_error, d.url`;

const APP_DELIVERY_COLUMNS = `d.id, d.webhook_id AS webhookId, e.type, d.status, d.total_attempts AS totalAttempts, d.round,
  d.created_at AS createdAt, d.last_attempt_at AS lastAttemptAt, d.next_attempt_at AS nextAttemptAt,
  d.last_status AS lastStatus, d.last_error AS lastError, d.url`;

/**
 * `GET /callback/{event}/deliveries` without filters (DeliveryLogReader.listForApp):
 * the page, and the total from the maintained counts, sent together as text
 * statements on two connections (TypeORM's `query`); parameters: app id,
 * event, then limit and offset for the page.
 */
export const DELIVERY_PAGE_SQL = `SELECT ${APP_DELIVERY_COLUMNS}
           FROM (SELECT ${PAGE_COLUMNS} FROM deliveries d WHERE d.app_id = ? AND d.event = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?) d
           JOIN outbox_events e ON e.id = d.event_id
          ORDER BY d.created_at DESC, d.id DESC`;
export const DELIVERY_TOTAL_SQL = 'SELECT COALESCE(SUM(deliveries), 0) AS n FROM delivery_counts WHERE app_id = ? AND event = ?';

/** The page object of docs/api.md#pagination. */
export function toPage(page, perPage, total, data) {
  return { page, per_page: perPage, pages: Math.ceil(total / perPage), results: total, data };
}

const storedToId = (stored) => stored.replace(/^0+(?=\d)/, '');
const awardOf = (id, title, image_url) => ({ id: Number(id), title, image_url });

function append(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function sortedByAwardId(holdings) {
  for (const list of [...holdings.accounts.values(), ...holdings.teams.values()]) list.sort((left, right) => left.id - right.id);
  return holdings;
}

/** The Team object from a row's team columns and its awards. */
function teamObject(id, name, createdAt, memberCount, awards) {
  return { id: Number(id), name, created_at: Number(createdAt), member_count: Number(memberCount ?? 0), awards };
}

/** Account objects of account rows (ACCOUNT_ROW_COLUMNS) with the awards of `holdings` (AccountSerializer.fromRows). */
function accountsFromRows(rows, holdings) {
  return rows.map((row) => {
    const id = storedToId(row.id);
    return {
      id,
      name: row.name,
      discriminator: row.discriminator,
      avatar_url: row.avatar_url,
      team:
        row.team_id === null
          ? null
          : teamObject(
              row.team_id,
              row.team_name,
              row.team_created_at,
              row.team_member_count,
              holdings.teams.get(Number(row.team_id)) ?? [],
            ),
      permissions: Number(row.permissions),
      created_at: Number(row.created_at),
      awards: holdings.accounts.get(id) ?? [],
    };
  });
}

/** Account objects from rows of the account-with-awards join (AccountSerializer.fromAwardRows): accounts in the order of their first row. */
export function accountsFromAwardRows(rows) {
  const accounts = new Map();
  const holdings = { accounts: new Map(), teams: new Map() };
  const teamAwardIds = new Map();
  for (const row of rows) {
    if (!accounts.has(row.id)) accounts.set(row.id, row);
    if (row.award_id !== null) append(holdings.accounts, storedToId(row.id), awardOf(row.award_id, row.award_title, row.award_image_url));
    if (row.team_award_id !== null) {
      const team = Number(row.team_id);
      const seen = teamAwardIds.get(team) ?? new Set();
      teamAwardIds.set(team, seen);
      const awardId = Number(row.team_award_id);
      if (!seen.has(awardId)) {
        seen.add(awardId);
        append(holdings.teams, team, awardOf(awardId, row.team_award_title, row.team_award_image_url));
      }
    }
  }
  return accountsFromRows([...accounts.values()], sortedByAwardId(holdings));
}

/** The Team object from the rows of {@link TEAM_READ_SQL}, or `undefined` when there is no such team. */
export function teamFromRows(rows) {
  const team = rows.find((row) => Number(row.kind) === 0);
  if (!team) return undefined;
  const awards = rows.filter((row) => Number(row.kind) === 1).map((row) => awardOf(row.id, row.name, row.image_url));
  return teamObject(team.id, team.name, team.created_at, team.member_count, awards);
}

/** `{award, awardees, team}` from the rows of {@link AWARD_READ_SQL}, or `undefined` when there is no such award. */
export function awardDetailsFromRows(rows) {
  const award = rows.find((row) => Number(row.kind) === 0);
  if (!award) return undefined;
  const holdings = { accounts: new Map(), teams: new Map() };
  for (const row of rows) {
    const kind = Number(row.kind);
    if (kind === 2) append(holdings.accounts, storedToId(row.id), awardOf(row.award_id, row.award_title, row.award_image_url));
    else if (kind === 3) append(holdings.teams, Number(row.team_id), awardOf(row.award_id, row.award_title, row.award_image_url));
  }
  sortedByAwardId(holdings);
  const team =
    award.team_id === null || award.team_name === null
      ? null
      : teamObject(
          award.team_id,
          award.team_name,
          award.team_created_at,
          award.team_member_count,
          holdings.teams.get(Number(award.team_id)) ?? [],
        );
  return {
    award: awardOf(award.award_id, award.award_title, award.award_image_url),
    awardees: accountsFromRows(
      rows.filter((row) => Number(row.kind) === 1),
      holdings,
    ),
    team,
  };
}

/** Team objects of the rows of {@link teamSearchStatement}, and the total (`undefined` when the page is empty). */
export function teamPageFromRows(rows) {
  const teams = rows.filter((row) => Number(row.kind) === 0);
  if (teams.length === 0) return undefined;
  const awards = new Map();
  for (const row of rows) {
    if (Number(row.kind) === 1) append(awards, Number(row.award_team_id), awardOf(row.award_id, row.award_title, row.award_image_url));
  }
  return {
    total: Number(teams[0].total),
    data: teams.map((team) => teamObject(team.id, team.name, team.created_at, team.member_count, awards.get(Number(team.id)) ?? [])),
  };
}

const nullableNumber = (value) => (value === null ? null : Number(value));

/** The Delivery object of a row of {@link DELIVERY_PAGE_SQL} (src/delivery/delivery-log.resource.ts; the bench's URLs carry no user info). */
export function deliveryFromRow(row) {
  return {
    id: String(row.id),
    webhook_id: row.webhookId,
    event: row.type,
    status: row.status,
    attempts: Number(row.totalAttempts),
    created_at: Number(row.createdAt),
    last_attempt_at: nullableNumber(row.lastAttemptAt),
    next_attempt_at: row.status === 'pending' ? nullableNumber(row.nextAttemptAt) : null,
    last_response_status: nullableNumber(row.lastStatus),
    last_error: row.lastError,
    url: row.url,
  };
}
