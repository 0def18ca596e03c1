/**
 * The benchmark's reference: bare Fastify with one route that runs one
 * primary-key SELECT through a mysql2 pool on the same database as the API,
 * and answers the row as JSON. It bounds what any endpoint of the service can
 * reach on this machine; every scenario is reported as a ratio to it.
 *
 * Run: `DATABASE_URL=mysql://... PORT=0 node bench/reference-server.mjs`;
 * prints `{"port": <n>}` on stdout once listening.
 */
import Fastify from 'fastify';
import { createPool } from 'mysql2/promise';

const pool = createPool({ uri: process.env.DATABASE_URL, connectionLimit: 20, supportBigNumbers: true, bigNumberStrings: true });
const app = Fastify({ logger: false });

app.get('/account/:id', async (request, reply) => {
  const id = String(request.params.id).padStart(20, '0');
  const [rows] = await pool.query(
    'SELECT id, name, discriminator, avatar_url, team_id, permissions, created_at FROM accounts WHERE id = ?',
    [id],
  );
  if (rows.length === 0) return reply.code(404).send({ detail: 'not found' });
  return rows[0];
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
