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
 *
 * Run: `DATABASE_URL=mysql://... PORT=0 node bench/reference-server.mjs`;
 * prints `{"port": <n>}` on stdout once listening.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

import Fastify from 'fastify';
import { createPool } from 'mysql2/promise';

import { accountFromRows, prepared, text } from './reference-statements.mjs';

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

/** The service's app credential check: one prepared SELECT, a SHA-256 compared in constant time, the permission bits. */
async function authenticate(request, permission) {
  const header = request.headers.authorization ?? '';
  const [username, token] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  const [[row]] = await pool.execute(prepared.appCredential, [Number(username.slice(1))]);
  const presented = createHash('sha256').update(token, 'utf8').digest();
  const known = row && Buffer.from(row.token_hash, 'hex');
  if (!known || known.length !== presented.length || !timingSafeEqual(presented, known)) throw new HttpError(401, 'Invalid credentials.');
  if ((Number(row.permissions) & permission) !== permission) throw new HttpError(403, 'Missing permission.');
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

app.get('/account/:id', async (request, reply) => {
  const [rows] = await pool.query(
    'SELECT id, name, discriminator, avatar_url, team_id, permissions, created_at FROM accounts WHERE id = ?',
    [stored(request.params.id)],
  );
  if (rows.length === 0) return reply.code(404).send({ detail: 'not found' });
  return rows[0];
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
