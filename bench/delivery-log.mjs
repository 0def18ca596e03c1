/**
 * The apps' delivery log at scale (docs/api.md#delivery-log): `GET
 * /callback/{event}/deliveries` (the first page, and a `status` filter) with
 * 10,000 and then 1,000,000 delivery rows for the calling app, timed one
 * request after another against the built API (`node dist/main.js`, embedded
 * delivery) on MariaDB. The rows are bulk-inserted (multi-row `INSERT`s).
 *
 *   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/bench node bench/delivery-log.mjs [--scales 10000,1000000] [--requests 200]
 *
 * The database (which must exist) has its tables dropped first, as by `bench/run.mjs`.
 */
import { parseArgs } from 'node:util';

import { createConnection } from 'mysql2/promise';

import { killAll, runCli, startApi } from './processes.mjs';
import { dropAllTables } from './seed.mjs';
import { percentile } from './stats.mjs';

const { values: options } = parseArgs({
  options: {
    scales: { type: 'string', default: '10000,1000000' },
    requests: { type: 'string', default: '200' },
    dist: { type: 'string', default: process.env.BENCH_DIST_DIR ?? 'dist' },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/bench';
const CHUNK = 5000;
/**
 * Creation time of delivery 0 (seconds): the largest scale's rows, a second
 * apart, all end within `DELIVERY_RETENTION` (default 30 days), so the API's
 * retention pass never prunes them mid-run.
 */
const FIRST_CREATED = Math.floor(Date.now() / 1000) - 1_500_000;

const log = (message) => console.error(`${new Date().toISOString().slice(11, 19)} ${message}`);

/** Times `requests` sequential GETs of `path` (after 20 unmeasured). @returns `{ p50, p99 }` in milliseconds. */
async function time(apiUrl, auth, path, requests) {
  const samples = [];
  for (let i = 0; i < requests + 20; i++) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: auth } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (i >= 20) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** Adds deliveries `from..to-1` of app `appId` (one of ten failed), created a second apart. */
async function addDeliveries(connection, appId, eventId, from, to) {
  for (let start = from; start < to; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + CHUNK); i++) {
      const status = i % 10 === 0 ? 'failed' : 'succeeded';
      rows.push([
        eventId,
        null,
        appId,
        'account_team_update',
        'https://app.example/hook',
        `msg_${i}`,
        status,
        1,
        1,
        0,
        FIRST_CREATED + i,
        FIRST_CREATED + i,
      ]);
    }
    await connection.query(
      `INSERT INTO deliveries (event_id, callback_id, app_id, event, url, webhook_id, status, attempts, total_attempts, round, created_at, updated_at) VALUES ?`,
      [rows],
    );
  }
}

async function main() {
  const scales = options.scales.split(',').map(Number);
  const requests = Number(options.requests);
  const connection = await createConnection({ uri: databaseUrl });
  let api;
  try {
    await dropAllTables(connection);
    await runCli(options.dist, databaseUrl, ['migrations', 'run']);
    const output = await runCli(options.dist, databaseUrl, ['apps', 'create', 'bench', '--json']);
    const { username, password } = JSON.parse(output.split('\n').find((line) => line.startsWith('{')));
    const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const appId = Number(username.slice(1));
    const [event] = await connection.query(
      `INSERT INTO outbox_events (type, payload, created_at, dispatched_at) VALUES ('account_team_update', '{}', 1, 1)`,
    );
    api = await startApi(options.dist, databaseUrl, { logLevel: 'warn', redisUrl: undefined });
    const rows = [];
    let have = 0;
    for (const scale of scales) {
      log(`inserting deliveries up to ${scale}`);
      await addDeliveries(connection, appId, event.insertId, have, scale);
      have = scale;
      await connection.query('ANALYZE TABLE deliveries');
      const first = await time(api.url, auth, '/callback/account_team_update/deliveries', requests);
      const failed = await time(api.url, auth, '/callback/account_team_update/deliveries?status=failed&per_page=100', requests);
      const recent = await time(api.url, auth, `/callback/account_team_update/deliveries?since=${FIRST_CREATED + scale - 1000}`, requests);
      rows.push({ scale, first, failed, recent });
      log(`${scale}: ${JSON.stringify({ first, failed, recent })}`);
    }
    const format = ({ p50, p99 }) => `${p50.toFixed(1)} / ${p99.toFixed(1)}`;
    console.log('| deliveries | first page p50 / p99 ms | status=failed, 100 a page | since (last 1,000) |');
    console.log('| ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(`| ${row.scale} | ${format(row.first)} | ${format(row.failed)} | ${format(row.recent)} |`);
    const ratio = rows.at(-1).first.p50 / rows[0].first.p50;
    console.log(
      `\nfirst page at ${rows.at(-1).scale} vs ${rows[0].scale}: x${ratio.toFixed(2)} (target <= x1.5: ${ratio <= 1.5 ? 'yes' : 'no'})`,
    );
  } finally {
    await api?.stop?.();
    killAll();
    await connection.end();
  }
}

main().catch((error) => {
  console.error(error);
  killAll();
  process.exit(1);
});
