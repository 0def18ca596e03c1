/**
 * The benchmark's reference: bare Fastify and a mysql2 pool on the same
 * database as the API, with no validation, logging, headers or framework.
 *
 * - `GET /account/{id}`: one primary-key SELECT of the account's columns, the
 *   row answered as JSON. It bounds what any endpoint of the service can reach
 *   on this machine; the read scenarios are reported as a ratio to it.
 * - The **same-SQL write routes** (`PATCH /account/{id}` with `{team}`,
 *   `POST /acounts/new`, `PUT` and `DELETE /account/{a}/award/{w}`): each sends
 *   exactly the statement sequence the service sends for that request (the
 *   same credential check, transaction, locking reads, writes and read-back,
 *   each statement by the same protocol: prepared or text), builds the same
 *   answer from the rows, and nothing else. The write scenarios are reported
 *   as a ratio to these; `statement-sequence.mjs` checks, statement by
 *   statement, that the sequences still match the service's.
 * - The **same-SQL read routes** (`GET /team/{id}`, `/award/{id}`,
 *   `/accounts/search` without a filter, with `team` or with a short `q`,
 *   `/teams/search` without `q` or with a short one, `/accounts/signups`, `/callback/{event}/deliveries`,
 *   and `GET /account/{id}` when started with `SAME_SQL_READS=1`): each sends
 *   the statements the service sends for that request, by the same protocol,
 *   and builds the same JSON from the rows (`--only reads`, same-sql.mjs,
 *   which checks both the statements and the answers).
 *
 * Run: `DATABASE_URL=mysql://... PORT=0 [SAME_SQL_READS=1] node bench/reference-server.mjs`;
 * prints `{"port": <n>}` on stdout once listening.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

import Fastify from 'fastify';
import { createPool } from 'mysql2/promise';

import {
  accountFromRows,
  accountSearchStatement,
  accountsFromAwardRows,
  awardDetailsFromRows,
  AWARD_READ_SQL,
  DELIVERY_PAGE_SQL,
  DELIVERY_TOTAL_SQL,
  deliveryFromRow,
  prepared,
  PRINTABLE_ASCII_KEYS_SQL,
  TEAM_READ_SQL,
  teamFromRows,
  teamPageFromRows,
  teamSearchStatement,
  text,
  toPage,
} from './reference-statements.mjs';

const pool = createPool({
  uri: process.env.DATABASE_URL,
  connectionLimit: 20,
  maxPreparedStatements: 64,
  supportBigNumbers: true,
  bigNumberStrings: true,
  charset: 'utf8mb4_unicode_ci',
  timezone: 'Z',
});
const app = Fastify({ logger: false });

const MANAGE_ACCOUNT_TEAMS = 2;
const MANAGE_ACCOUNT_DETAILS = 4;
const MANAGE_AWARDS = 64;
const stored = (id) => String(id).padStart(20, '0');
const nowSeconds = () => Date.now() / 1000;

class HttpError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/**
 * The service's app credential check: one prepared SELECT, a SHA-256 compared in constant time, the permission bits.
 * @returns the app's id.
 */
async function authenticate(request, permission) {
  const header = request.headers.authorization ?? '';
  const [username, token] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  const [[row]] = await pool.execute(prepared.appCredential, [Number(username.slice(1))]);
  const presented = createHash('sha256').update(token, 'utf8').digest();
  const known = row && Buffer.from(row.token_hash, 'hex');
  if (!known || known.length !== presented.length || !timingSafeEqual(presented, known)) throw new HttpError(401, 'Invalid credentials.');
  if ((Number(row.permissions) & permission) !== permission) throw new HttpError(403, 'Missing permission.');
  return Number(row.id);
}

/** `work(connection)` between START TRANSACTION and COMMIT on one pooled connection, rolled back on failure. */
async function transaction(work) {
  const connection = await pool.getConnection();
  try {
    await connection.query(text.begin);
    const result = await work(connection);
    await connection.query(text.commit);
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

app.setErrorHandler((error, _request, reply) => {
  reply.code(error.status ?? 500).send({ detail: error.message });
});

/** A 422 for a resource named in the path that does not exist (docs/api.md#errors). */
function notFound(name, label) {
  return { detail: [{ loc: ['path', name], msg: `${label} not found.`, type: 'value_error.not_found' }] };
}

if (process.env.SAME_SQL_READS === '1') {
  /** The service's account read: one prepared statement, the Account object from its rows. */
  app.get('/account/:id', async (request, reply) => {
    const [rows] = await pool.execute(prepared.readAccount, [stored(request.params.id)]);
    if (rows.length === 0) return reply.code(422).send(notFound('account', 'Account'));
    return accountFromRows(rows);
  });
} else {
  app.get('/account/:id', async (request, reply) => {
    const [rows] = await pool.query(
      'SELECT id, name, discriminator, avatar_url, team_id, permissions, created_at FROM accounts WHERE id = ?',
      [stored(request.params.id)],
    );
    if (rows.length === 0) return reply.code(404).send({ detail: 'not found' });
    return rows[0];
  });
}

app.get('/team/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const [rows] = await pool.execute(TEAM_READ_SQL, [id, id]);
  return teamFromRows(rows) ?? reply.code(422).send(notFound('team', 'Team'));
});

app.get('/award/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const [rows] = await pool.execute(AWARD_READ_SQL, [id, id, id, id, id]);
  return awardDetailsFromRows(rows) ?? reply.code(422).send(notFound('award', 'Award'));
});

/** `page` and `per_page` of a search (the service's defaults, no validation). */
function pagination(query) {
  return { page: Number(query.page ?? 0), perPage: Number(query.per_page ?? 20) };
}

/** The n-gram keys of the printable ASCII characters, read at start as the service reads them. */
const [keyRows] = await pool.query(PRINTABLE_ASCII_KEYS_SQL);
const gramKeys = new Map(keyRows.map((row) => [String.fromCharCode(Number(row.code)), row.k]));

/** The gram of a `q` of one or two printable ASCII characters. @throws HttpError (400) for another `q`. */
function gramOf(q) {
  const keys = [...q].map((character) => gramKeys.get(character));
  if (keys.length < 1 || keys.length > 2 || keys.some((key) => key === undefined)) {
    throw new HttpError(400, 'the reference serves q of one or two printable ASCII characters');
  }
  return keys.join('.');
}

app.get('/accounts/search', async (request) => {
  const { page, perPage } = pagination(request.query);
  const team = request.query.team === undefined ? undefined : Number(request.query.team);
  const gram = request.query.q === undefined ? undefined : gramOf(request.query.q);
  const statement = accountSearchStatement({ team, gram, page, perPage });
  const [rows] = await pool.execute(statement.sql, statement.parameters);
  if (rows.length === 0) throw new HttpError(400, 'the reference serves pages with matches only');
  rows.sort((left, right) => Number(left.rn) - Number(right.rn));
  return toPage(page, perPage, Number(rows[0].total ?? 0), accountsFromAwardRows(rows));
});

app.get('/teams/search', async (request) => {
  const { page, perPage } = pagination(request.query);
  const gram = request.query.q === undefined ? undefined : gramOf(request.query.q);
  const statement = teamSearchStatement({ gram, page, perPage });
  const [rows] = await pool.execute(statement.sql, statement.parameters);
  const found = teamPageFromRows(rows);
  if (!found) throw new HttpError(400, 'the reference serves pages with matches only');
  return toPage(page, perPage, found.total, found.data);
});

const signupsOpen = ['true', '1'].includes(process.env.SIGNUPS_OPEN ?? 'true');
app.get('/accounts/signups', async () => ({ signups_open: signupsOpen }));

/** An app's delivery log page: the credential check, then the page and its total as two text statements at once. */
app.get('/callback/:event/deliveries', async (request) => {
  const appId = await authenticate(request, 0);
  const { page, perPage } = pagination(request.query);
  const event = request.params.event;
  const [[rows], [[count]]] = await Promise.all([
    pool.query(DELIVERY_PAGE_SQL, [appId, event, perPage, page * perPage]),
    pool.query(DELIVERY_TOTAL_SQL, [appId, event]),
  ]);
  return toPage(page, perPage, Number(count?.n ?? 0), rows.map(deliveryFromRow));
});

/** A team move: the account locked, the team checked, the update, the read-back, the event. */
app.patch('/account/:id', async (request) => {
  await authenticate(request, MANAGE_ACCOUNT_TEAMS);
  const id = stored(request.params.id);
  const teamId = request.body.team;
  return transaction(async (connection) => {
    const [[account]] = await connection.execute(prepared.lockAccount, [id]);
    if (!account) throw new HttpError(422, 'Account not found.');
    const [[team]] = await connection.execute(prepared.findTeam, [teamId]);
    if (!team) throw new HttpError(422, 'Team not found.');
    await connection.execute(prepared.updateAccount, [teamId, id]);
    const [rows] = await connection.execute(prepared.readAccount, [id]);
    const updated = accountFromRows(rows);
    const [[epoch]] = await connection.execute(prepared.readEpoch, []);
    await connection.execute(prepared.insertEvent, [
      'account_team_update',
      JSON.stringify({ account: updated, team: updated.team }),
      nowSeconds(),
      Number(epoch?.epoch ?? 0),
      // The trace context: none, tracing being off in the benchmark.
      null,
    ]);
    return updated;
  });
});

/** An account creation: the team checked, the insert, the read-back. */
app.post('/acounts/new', async (request, reply) => {
  await authenticate(request, MANAGE_ACCOUNT_DETAILS);
  const { id, name, discriminator, team = null } = request.body;
  const account = await transaction(async (connection) => {
    if (team !== null) {
      const [[row]] = await connection.execute(prepared.findTeam, [team]);
      if (!row) throw new HttpError(422, 'Team not found.');
    }
    await connection.execute(prepared.insertAccount, [stored(id), name, discriminator, null, team, 0, nowSeconds()]);
    const [rows] = await connection.execute(prepared.readAccount, [stored(id)]);
    return accountFromRows(rows);
  });
  return reply.code(201).send(account);
});

/** The account and the award locked, in that order (both must exist). */
async function lockHolding(connection, accountId, awardId) {
  const [[account]] = await connection.execute(prepared.lockAccount, [accountId]);
  const [[award]] = await connection.execute(prepared.lockAward, [awardId]);
  if (!account || !award) throw new HttpError(422, 'Account or award not found.');
}

app.put('/account/:account/award/:award', async (request, reply) => {
  await authenticate(request, MANAGE_AWARDS);
  const accountId = stored(request.params.account);
  const awardId = Number(request.params.award);
  const given = await transaction(async (connection) => {
    await lockHolding(connection, accountId, awardId);
    const [[held]] = await connection.execute(prepared.holds, [awardId, accountId]);
    if (held) return false;
    await connection.execute(prepared.addHolder, [awardId, accountId]);
    return true;
  });
  return reply.code(given ? 201 : 208).send();
});

app.delete('/account/:account/award/:award', async (request, reply) => {
  await authenticate(request, MANAGE_AWARDS);
  const accountId = stored(request.params.account);
  const awardId = Number(request.params.award);
  await transaction(async (connection) => {
    await lockHolding(connection, accountId, awardId);
    const [result] = await connection.execute(prepared.removeHolder, [awardId, accountId]);
    if (result.affectedRows === 0) throw new HttpError(404, 'Not held.');
  });
  return reply.code(204).send();
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
