/**
 * The benchmark scenarios and their targets: throughput as a ratio
 * to the reference server measured in the same run.
 */
import { waitForDeliveries } from './delivery.mjs';
import { accountIdAt, accountName, createdAccountId, createRandom, deleteCreatedAccounts } from './seed.mjs';

/** Spreads request `i` over `count` rows (a stride prime to any data-set size used). */
function spread(i, count) {
  return (i * 7919) % count;
}

/** A well-mixed 32-bit hash of `i` (for picks that look random but repeat from run to run). */
function hash(i) {
  let x = Math.imul(i ^ 0x5bd1e995, 0x9e3779b1);
  x ^= x >>> 15;
  return Math.imul(x, 0x85ebca6b) >>> 0;
}

/**
 * Moves accounts between teams: each request takes an account spread over the
 * data set and a random team other than its current one (tracked from the
 * database, then as the moves are sent), so that every request is a change
 * of team and writes an `account_team_update` event to the outbox.
 */
function teamMoves(size, auth, account) {
  const teamOf = new Map();
  return {
    name: 'PATCH /account/{id} (team move, callback registered)',
    group: 'write',
    sameSql: 'write',
    server: 'api',
    target: 0.1,
    method: 'PATCH',
    headers: { authorization: auth },
    path: (i) => `/account/${account(i)}`,
    body: (i) => {
      const id = account(i);
      let team = 1 + (hash(i) % size.teams);
      if (team === teamOf.get(id)) team = (team % size.teams) + 1;
      teamOf.set(id, team);
      return { team };
    },
    async prepare(connection) {
      const [rows] = await connection.query('SELECT id, team_id FROM accounts');
      teamOf.clear();
      for (const row of rows) teamOf.set(BigInt(row.id).toString(), row.team_id);
    },
    /** Lets the worker deliver every event of the run before the next scenario. */
    cleanup: async (connection) => ({ drainSeconds: await waitForDeliveries(connection) }),
  };
}

/** Creates accounts with new ids, 70 % of them into a team; they are deleted after each run (the data set keeps its size). */
function accountCreations(size, auth) {
  const random = createRandom(99);
  let created = 0;
  return {
    name: 'POST /acounts/new (70 % into a team)',
    group: 'write',
    sameSql: 'write',
    server: 'api',
    target: 0.15,
    method: 'POST',
    headers: { authorization: auth },
    path: () => '/acounts/new',
    body: () => {
      const n = created++;
      const team = n % 10 < 7 ? { team: 1 + (hash(n) % size.teams) } : {};
      return { id: createdAccountId(n), name: accountName(random), discriminator: String(n % 10000).padStart(4, '0'), ...team };
    },
    cleanup: async (connection) => ({ deletedAccounts: await deleteCreatedAccounts(connection) }),
  };
}

/** Gives an award to an account, then takes it back: each connection alternates the PUT and the DELETE of one pair. */
function awardGrants(size, auth, account) {
  const pairPath = ({ accountId, award }) => `/account/${accountId}/award/${award}`;
  return {
    name: 'PUT + DELETE /account/{a}/award/{w}',
    group: 'write',
    sameSql: 'write',
    server: 'api',
    target: 0.15,
    headers: { authorization: auth },
    steps: [
      {
        method: 'PUT',
        path: (i, context) => pairPath((context.pair = { accountId: account(i), award: 1 + (hash(i) % size.awards) })),
      },
      { method: 'DELETE', path: (_i, context) => pairPath(context.pair) },
    ],
  };
}

/**
 * Every scenario for a data set of `size` (`{ teams, accounts, awards }`).
 *
 * @param auth `Authorization` header value of an app with every app permission (writes).
 * @param q the two letters of the `q` search scenario.
 * @returns a list of `{ name, group, target?, goal?, server, method?, path(i), body?(i), headers?, steps?,
 *   prepare?(connection), cleanup?(connection), verify?(connection, body) }` (requests: see load.mjs; `verify` checks the
 *   first answer of each measurement and throws when it is wrong): `target` the ratio to reach
 *   (none for informational rows), `goal` a higher one aimed at; `server` is `reference` or `api`; `group` is
 *   `reference`, `floor` (the API's routing, middleware and serialization with no SQL), `single-read`,
 *   `search` or `write` (measured at the first scale only, unless `everyScale`); `prepare` runs before each measurement, `cleanup` after it (returning figures to keep);
 *   `sameSql` (`write` or `read`) marks the routes the reference server also answers with the service's statements
 *   (same-sql.mjs: `--only writes`, `--only reads`), with `statementOrder: 'any'` when a request sends statements
 *   at once on several connections and `ownStatements` (regular expressions) for its statements that look like the
 *   delivery pipeline's background ones (statement-sequence.mjs); group `same-sql-read` is measured by `--only reads` alone.
 */
/** The deep page of the account search: page 10,000 of 20 (0-based, accounts 200,000..200,019), or the last full page below it. */
export function deepPage(accounts) {
  return Math.min(10_000, Math.floor(accounts / 20) - 1);
}

/** Renames sent so far in this run (the rename scenario's names, see below). */
let renames = 0;

export function scenarios(size, auth, q) {
  const account = (i) => accountIdAt(spread(i, size.accounts));
  return [
    { name: 'reference GET /account/{id}', group: 'reference', server: 'reference', path: (i) => `/account/${account(i)}` },
    {
      name: 'GET /accounts/signups (no SQL: the framework floor)',
      group: 'floor',
      sameSql: 'read',
      server: 'api',
      path: () => '/accounts/signups',
    },
    { name: 'GET /account/{id}', group: 'single-read', sameSql: 'read', server: 'api', target: 0.5, path: (i) => `/account/${account(i)}` },
    {
      name: 'GET /team/{id}',
      group: 'single-read',
      sameSql: 'read',
      server: 'api',
      target: 0.5,
      path: (i) => `/team/${1 + spread(i, size.teams)}`,
    },
    {
      name: 'GET /award/{id}',
      group: 'single-read',
      sameSql: 'read',
      server: 'api',
      target: 0.25,
      path: (i) => `/award/${1 + spread(i, size.awards)}`,
    },
    {
      name: 'GET /accounts/search?per_page=20',
      group: 'search',
      sameSql: 'read',
      server: 'api',
      target: 0.25,
      path: () => '/accounts/search?per_page=20',
    },
    {
      name: 'GET /accounts/search?page={deep}&per_page=20 (page 10,000, or the last page below it)',
      group: 'search',
      server: 'api',
      path: () => `/accounts/search?page=${deepPage(size.accounts)}&per_page=20`,
      async verify(connection, page) {
        const [rows] = await connection.query('SELECT id FROM accounts ORDER BY name, id LIMIT 20 OFFSET ?', [
          deepPage(size.accounts) * 20,
        ]);
        const expected = rows.map((row) => row.id.replace(/^0+(?=\d)/, ''));
        const answered = page.data.map((account) => account.id);
        if (JSON.stringify(answered) !== JSON.stringify(expected))
          throw new Error(`the deep page differs from ORDER BY name, id OFFSET: ${JSON.stringify({ answered, expected })}`);
      },
    },
    {
      name: `GET /accounts/search?q=${q}&per_page=20`,
      group: 'search',
      sameSql: 'read',
      server: 'api',
      target: 0.25,
      path: () => `/accounts/search?q=${encodeURIComponent(q)}&per_page=20`,
    },
    {
      name: 'GET /accounts/search?team={team}&per_page=20',
      group: 'same-sql-read',
      sameSql: 'read',
      server: 'api',
      path: (i) => `/accounts/search?team=${1 + spread(i, size.teams)}&per_page=20`,
    },
    {
      name: 'GET /teams/search?per_page=20',
      group: 'search',
      sameSql: 'read',
      server: 'api',
      target: 0.25,
      path: () => '/teams/search?per_page=20',
    },
    {
      // Two letters of the seeded team names' words (Golden, Solar): about a quarter of the teams.
      name: 'GET /teams/search?q=ol&per_page=20',
      group: 'search',
      sameSql: 'read',
      server: 'api',
      path: () => '/teams/search?q=ol&per_page=20',
    },
    {
      name: 'GET /callback/{event}/deliveries?per_page=20 (app credentials)',
      group: 'same-sql-read',
      sameSql: 'read',
      // Its page and total are sent at once, on two connections: their order in the log varies.
      statementOrder: 'any',
      // Its statements name `deliveries`, as the pipeline's background statements do: kept as the request's own.
      ownStatements: [/\bFROM \(SELECT d\.id, d\.event_id\b/, /\bFROM delivery_counts WHERE app_id\b/],
      server: 'api',
      headers: { authorization: auth },
      path: () => '/callback/account_team_update/deliveries?per_page=20',
    },
    teamMoves(size, auth, account),
    accountCreations(size, auth),
    awardGrants(size, auth, account),
    {
      name: 'PATCH /account/{id} (name)',
      group: 'write',
      everyScale: true,
      server: 'api',
      target: 0.15,
      goal: 0.2,
      method: 'PATCH',
      headers: { authorization: auth },
      path: (i) => `/account/${account(i)}`,
      // A name no request of the run sent before, so that every request renames (a name the account already
      // holds changes nothing): all in the one name range of `Patched <n>`.
      body: () => ({ name: `Patched ${renames++}` }),
    },
  ];
}
