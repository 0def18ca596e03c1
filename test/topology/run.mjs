#!/usr/bin/env node
// Topology test (docs/api.md#scaling): real servers on loopback ports, no mocks.
//
//   MariaDB primary (binlog + GTID) and two replicas   private mariadbd processes, own datadirs
//   three Redis servers (one master) + three Sentinels  redis-server / redis-sentinel
//   two API processes + two delivery workers            dist/main.js, dist/worker.js
//
// Under steady mixed load (anonymous public reads, app writes, team moves with a callback to a
// local receiver) it: stops a replica (SIGKILL) and restarts it; delays a replica (STOP SLAVE
// SQL_THREAD for 5 s) while checking a marker written on the primary and read back anonymously;
// SIGKILLs the Redis master (Sentinel promotes a replica). At the end every committed team change
// must have been delivered (each webhook-id at least once); duplicates are counted. Prints what it
// did and the counts; exits 1 when a check fails. Needs `npm run build` first.
//
//   node test/topology/run.mjs [--cluster] [--keep]
//
// --cluster: a Redis Cluster of six nodes (three masters, one replica each) instead of Sentinel, and the
// master serving the queue's hash slot is the one killed (run by hand: docs/scaling.md has its figures);
// --keep: leave the temporary directory with every server's log.
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';

const REPLICA_MAX_LAG_MS = 1000;
/** The lag monitor's round (src/database/replicas/replica-lag.monitor.ts): a stale replica is seen within two rounds. */
const HEARTBEAT_MS = 250;
const ALLOWED_STALENESS_MS = REPLICA_MAX_LAG_MS + 2 * HEARTBEAT_MS;
const SENTINEL_MASTER = 'topology';
const keep = process.argv.includes('--keep');
const clusterMode = process.argv.includes('--cluster');

const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'topology-'));
const children = [];
const say = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);

/** A free loopback port. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns `command`, logging to <dir>/<name>.log, and waits until its output matches `ready`. */
async function start(name, command, args, { env = {}, ready, timeoutMs = 60_000 } = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
  let output = '';
  const onData = (chunk) => {
    log.write(chunk);
    if (output.length < 200_000) output += chunk.toString();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const handle = { name, child, exited, args, command, env };
  children.push(handle);
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!ready.test(output)) {
    if (gone || Date.now() > deadline) throw new Error(`${name} did not start:\n${output.slice(-3000)}`);
    await sleep(25);
  }
  return handle;
}

/** Stops a child by its own pid and waits for its exit. */
async function stop(handle, signal = 'SIGTERM') {
  if (handle.child.exitCode === null && handle.child.signalCode === null) handle.child.kill(signal);
  await handle.exited;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: ${output}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// MariaDB: a primary and two replicas.

function mariadbArgs(name, port, serverId, primary) {
  const base = join(dir, name);
  return [
    '--no-defaults',
    `--datadir=${join(base, 'data')}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${join(base, 'mariadb.sock')}`,
    `--pid-file=${join(base, 'mariadb.pid')}`,
    '--user=root',
    // Grant tables on (install-db's root@localhost, no password): triggers replicate with a real DEFINER.
    '--performance-schema=OFF',
    '--innodb-buffer-pool-size=32M',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
    `--server-id=${serverId}`,
    '--gtid-strict-mode=ON',
    `--log-bin=${join(base, 'binlog')}`,
    '--binlog-format=ROW',
    ...(primary ? [] : ['--read-only=ON', `--relay-log=${join(base, 'relay')}`, '--relay-log-recovery=ON', '--log-slave-updates=ON']),
  ];
}

function startMariadb(name, port, serverId, primary) {
  return start(name, '/usr/sbin/mariadbd', mariadbArgs(name, port, serverId, primary), { ready: /ready for connections/ });
}

async function sql(port, statement) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
  try {
    const [rows] = await connection.query(statement);
    return rows;
  } finally {
    await connection.end();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP against the two APIs.

const counts = { requests: 0, http5xx: 0, networkErrors: 0, byKind: {} };
let phase = 'setup';
const phaseCounts = {};

async function http(base, method, path, { auth, body } = {}) {
  const headers = { accept: 'application/json' };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch (error) {
    return { status: 0, error };
  }
}

function record(kind, status) {
  counts.requests++;
  const p = (phaseCounts[phase] ??= { requests: 0, http5xx: 0, networkErrors: 0 });
  p.requests++;
  const k = (counts.byKind[kind] ??= { requests: 0, http5xx: 0, networkErrors: 0 });
  k.requests++;
  if (status >= 500) {
    counts.http5xx++;
    p.http5xx++;
    k.http5xx++;
  }
  if (status === 0) {
    counts.networkErrors++;
    p.networkErrors++;
    k.networkErrors++;
  }
}

// ---------------------------------------------------------------------------------------------

const failures = [];
function check(ok, message) {
  if (!ok) failures.push(message);
  say(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
}

/** Three Redis servers (one master, two replicas) and three Sentinels watching them. */
async function startSentinels(ports) {
  const nodes = new Map();
  for (const [index, name] of ['redis1', 'redis2', 'redis3'].entries()) {
    const port = ports[name];
    const replicaOf = index === 0 ? [] : ['--replicaof', '127.0.0.1', String(ports.redis1)];
    nodes.set(port, await start(name, 'redis-server', [...redisArgs(port), ...replicaOf], { ready: /Ready to accept connections/ }));
  }
  const sentinelCommand = (await run('sh', ['-c', 'command -v redis-sentinel || true'])).trim() || 'redis-server';
  for (const name of ['sentinel1', 'sentinel2', 'sentinel3']) {
    const file = join(dir, `${name}.conf`);
    writeFileSync(
      file,
      [
        `port ${ports[name]}`,
        'bind 127.0.0.1',
        'daemonize no',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${ports.redis1} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER} 1000`,
        `sentinel failover-timeout ${SENTINEL_MASTER} 10000`,
        `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
        '',
      ].join('\n'),
    );
    await start(name, sentinelCommand, sentinelCommand === 'redis-server' ? [file, '--sentinel'] : [file], { ready: /\+monitor master/ });
  }
  const sentinels = `127.0.0.1:${ports.sentinel1},127.0.0.1:${ports.sentinel2},127.0.0.1:${ports.sentinel3}`;
  say(`Redis master :${ports.redis1}, replicas :${ports.redis2} :${ports.redis3}; Sentinels ${sentinels} (${sentinelCommand})`);
  const sentinel = new Redis({ host: '127.0.0.1', port: ports.sentinel1, lazyConnect: true });
  return {
    env: { REDIS_SENTINELS: sentinels, REDIS_SENTINEL_NAME: SENTINEL_MASTER },
    nodes,
    /** Port of the master Sentinel names. */
    queueMaster: async () => Number((await sentinel.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER))[1]),
    close: () => sentinel.disconnect(),
  };
}

/** A Redis Cluster of three masters with one replica each (six nodes). */
async function startCluster() {
  const nodes = new Map();
  for (let i = 0; i < 6; i++) {
    const port = await freePort();
    const clusterArgs = [
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      join(dir, `nodes-${port}.conf`),
      '--cluster-node-timeout',
      '1000',
    ];
    nodes.set(
      port,
      await start(`cluster${i + 1}`, 'redis-server', [...redisArgs(port), ...clusterArgs], { ready: /Ready to accept connections/ }),
    );
  }
  const addresses = [...nodes.keys()].map((port) => `127.0.0.1:${port}`);
  await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '1', '--cluster-yes']);
  const clients = [...nodes.keys()].map((port) => new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 1 }));
  for (const client of clients) client.on('error', () => undefined);
  for (const client of clients) {
    while (!String(await client.call('CLUSTER', 'INFO')).includes('cluster_state:ok')) await sleep(100);
  }
  say(`Redis Cluster: 3 masters + 3 replicas on ${addresses.join(' ')}`);
  const slot = Number(await clients[0].call('CLUSTER', 'KEYSLOT', '{topology}'));
  return {
    env: { REDIS_CLUSTER_NODES: addresses.join(',') },
    nodes,
    /** Port of the master serving the queue's slot (keys prefixed `{topology}`), as a live node sees it. */
    queueMaster: async () => {
      for (const client of clients) {
        const lines = String(await client.call('CLUSTER', 'NODES').catch(() => ''));
        if (lines === '') continue;
        for (const line of lines.trim().split('\n')) {
          const [, address, flags, , , , , state, ...ranges] = line.split(' ');
          if (!flags.includes('master') || flags.includes('fail') || state !== 'connected') continue;
          const owns = ranges.some((range) => {
            const [from, to = from] = range.split('-').map(Number);
            return slot >= from && slot <= to;
          });
          if (owns) return Number(address.split('@')[0].split(':')[1]);
        }
        return undefined;
      }
      return undefined;
    },
    close: () => clients.forEach((client) => client.disconnect()),
  };
}

function redisArgs(port) {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
}

async function main() {
  say(`working directory ${dir}`);
  const ports = {};
  for (const name of [
    'primary',
    'replica1',
    'replica2',
    'redis1',
    'redis2',
    'redis3',
    'sentinel1',
    'sentinel2',
    'sentinel3',
    'api1',
    'api2',
  ])
    ports[name] = await freePort();

  // --- MariaDB -------------------------------------------------------------------------------
  await run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${join(dir, 'primary', 'data')}`,
    '--user=root',
    '--skip-test-db',
    '--auth-root-authentication-method=normal',
  ]);
  for (const replica of ['replica1', 'replica2']) cpSync(join(dir, 'primary'), join(dir, replica), { recursive: true });
  const db = {
    primary: await startMariadb('primary', ports.primary, 1, true),
    replica1: await startMariadb('replica1', ports.replica1, 2, false),
    replica2: await startMariadb('replica2', ports.replica2, 3, false),
  };
  for (const replica of ['replica1', 'replica2']) {
    await sql(
      ports[replica],
      `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${ports.primary}, MASTER_USER='root', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
    );
    await sql(ports[replica], 'START SLAVE');
  }
  await sql(ports.primary, 'CREATE DATABASE accounts CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  const version = (await sql(ports.primary, 'SELECT VERSION() AS v'))[0].v;
  say(`MariaDB ${version}: primary :${ports.primary} (binlog, GTID), replicas :${ports.replica1} :${ports.replica2}`);

  // --- Redis: Sentinel (default) or Cluster ---------------------------------------------------
  const redis = clusterMode ? await startCluster() : await startSentinels(ports);

  // --- receiver ------------------------------------------------------------------------------
  const received = [];
  const receiver = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ id: request.headers['webhook-id'], at: Date.now(), body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}/events`;

  // --- API and workers -----------------------------------------------------------------------
  const primaryUrl = `mysql://root@127.0.0.1:${ports.primary}/accounts`;
  const env = {
    DATABASE_URL: primaryUrl,
    DATABASE_REPLICA_URLS: `mysql://root@127.0.0.1:${ports.replica1}/accounts,mysql://root@127.0.0.1:${ports.replica2}/accounts`,
    REPLICA_MAX_LAG: `${REPLICA_MAX_LAG_MS}ms`,
    ...redis.env,
    REDIS_URL: '',
    CALLBACK_QUEUE_PREFIX: 'topology',
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_RETRY_DELAYS: '200ms,500ms,1s,2s,5s',
    CALLBACK_POLL_INTERVAL_MS: '100',
    CALLBACK_JOB_LOCK_MS: '2000',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
  };
  // The first API applies the migrations; the others start after it.
  await start('api1', process.execPath, ['dist/main.js'], { env: { ...env, PORT: String(ports.api1) }, ready: /Accounts service on/ });
  await Promise.all([
    start('api2', process.execPath, ['dist/main.js'], { env: { ...env, PORT: String(ports.api2) }, ready: /Accounts service on/ }),
    start('worker1', process.execPath, ['dist/worker.js'], { env, ready: /Delivery worker started/ }),
    start('worker2', process.execPath, ['dist/worker.js'], { env, ready: /Delivery worker started/ }),
  ]);
  const apis = [`http://127.0.0.1:${ports.api1}`, `http://127.0.0.1:${ports.api2}`];
  say(`2 API processes (${apis.join(', ')}), 2 workers; replicas and ${clusterMode ? 'Redis Cluster' : 'Sentinel'} configured`);

  const cli = async (...args) => JSON.parse(await run(process.execPath, ['dist/cli.js', ...args]).catch((e) => Promise.reject(e)));
  process.env.DATABASE_URL = primaryUrl; // the CLI's database
  const admin = await cli('apps', 'create', 'admin', '--all-permissions', '--json');
  const listener = await cli('apps', 'create', 'listener', '--json');
  const put = await http(apis[0], 'PUT', '/callback/account_team_update', {
    auth: listener,
    body: { url: receiverUrl, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  });
  if (put.status !== 200) throw new Error(`callback registration: ${put.status} ${JSON.stringify(put.body)}`);
  const team = async (name) => (await http(apis[0], 'POST', '/teams/new', { auth: admin, body: { name } })).body.id;
  const red = await team('Red');
  const blue = await team('Blue');
  const marker = await team('marker-0');
  const renamed = await team('renamed-0');
  const ACCOUNTS = 24;
  const accountIds = Array.from({ length: ACCOUNTS }, (_, i) => String(700_000_000_000_000_000n + BigInt(i)));
  for (const id of accountIds) {
    const created = await http(apis[0], 'POST', '/accounts/new', {
      auth: admin,
      body: { id, name: `user ${id}`, discriminator: '0001', team: red },
    });
    if (created.status !== 201) throw new Error(`account: ${created.status} ${JSON.stringify(created.body)}`);
  }
  say(`seeded: ${ACCOUNTS} accounts in team Red, callback registered for account_team_update`);

  // --- steady load ---------------------------------------------------------------------------
  let running = true;
  const moves = { committed: 0, uncertain: 0, refused: 0 };
  const markers = [{ n: 0, at: 0 }];
  const markerReads = { reads: 0, stale: 0, maxStalenessMs: 0 };
  let turn = 0;
  const api = () => apis[turn++ % 2];

  const readers = Array.from({ length: 3 }, async (_, r) => {
    for (let i = 0; running; i++) {
      const id = accountIds[(i * 7 + r) % ACCOUNTS];
      const path = [`/account/${id}`, `/team/${red}`, '/teams/search?q=e', `/accounts/search?q=user`][i % 4];
      const response = await http(api(), 'GET', path);
      record('public read', response.status);
      await sleep(5);
    }
  });
  const movers = Array.from({ length: 3 }, async (_, m) => {
    const mine = accountIds.filter((_, i) => i % 3 === m);
    const teamOf = new Map(mine.map((id) => [id, red]));
    for (let i = 0; running; i++) {
      const id = mine[i % mine.length];
      const next = teamOf.get(id) === red ? blue : red;
      const response = await http(api(), 'PATCH', `/account/${id}`, { auth: admin, body: { team: next } });
      record('team move', response.status);
      if (response.status === 200) {
        moves.committed++;
        teamOf.set(id, next);
      } else if (response.status === 0 || response.status === 504) {
        moves.uncertain++;
        // Outcome unknown: read the primary (with credentials) to learn the team.
        const now = await http(apis[0], 'GET', `/account/${id}`, { auth: admin });
        if (now.status === 200) teamOf.set(id, now.body.team?.id ?? now.body.team ?? red);
      } else moves.refused++;
      await sleep(20);
    }
  });
  const writers = [
    (async () => {
      for (let n = 1; running; n++) {
        const response = await http(api(), 'PATCH', `/team/${renamed}`, { auth: admin, body: { name: `renamed-${n}` } });
        record('app write', response.status);
        await sleep(30);
      }
    })(),
    (async () => {
      for (let n = 1; running; n++) {
        const response = await http(apis[n % 2], 'PATCH', `/team/${marker}`, { auth: admin, body: { name: `marker-${n}` } });
        record('app write', response.status);
        if (response.status === 200) markers.push({ n, at: Date.now() });
        await sleep(100);
      }
    })(),
    (async () => {
      while (running) {
        const readStart = Date.now();
        const response = await http(api(), 'GET', `/team/${marker}`);
        record('public read', response.status);
        if (response.status === 200) {
          markerReads.reads++;
          const seen = Number(/^marker-(\d+)$/.exec(response.body.name)?.[1] ?? -1);
          // The newest marker committed (answered) before this read started.
          const newer = markers.find((m) => m.n > seen && m.at <= readStart);
          const staleness = newer ? readStart - newer.at : 0;
          markerReads.maxStalenessMs = Math.max(markerReads.maxStalenessMs, staleness);
          if (staleness > ALLOWED_STALENESS_MS) markerReads.stale++;
        }
        await sleep(20);
      }
    })(),
  ];

  const readiness = async (base) => (await http(base, 'GET', '/health/ready')).body;
  const replicaState = async (port) =>
    Promise.all(
      apis.map(async (base) => (await readiness(base))?.info?.replicas?.replicas?.find((r) => r.replica.endsWith(`:${port}`))?.available),
    );
  const waitUntil = async (condition, timeoutMs) => {
    const t0 = Date.now();
    while (!(await condition())) {
      if (Date.now() - t0 > timeoutMs) return undefined;
      await sleep(50);
    }
    return (Date.now() - t0) / 1000;
  };

  const inRotation = await waitUntil(
    async () => (await Promise.all([replicaState(ports.replica1), replicaState(ports.replica2)])).flat().every((a) => a === true),
    15_000,
  );
  check(inRotation !== undefined, `both replicas caught up and serve reads on both APIs (${inRotation} s after seeding)`);
  /** SELECTs a server has run (text and prepared), for the replica read share. */
  const selects = async (port) => {
    const rows = await sql(port, "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_select', 'Com_stmt_execute')");
    return rows.reduce((sum, row) => sum + Number(row.Value), 0);
  };
  const selectsBefore = await Promise.all([ports.primary, ports.replica1, ports.replica2].map(selects));
  phase = 'steady';
  say('steady mixed load: 3 anonymous readers, 3 team movers (callback per move), 2 app writers, 1 marker reader');
  await sleep(4000);

  const selectsAfter = await Promise.all([ports.primary, ports.replica1, ports.replica2].map(selects));
  const [onPrimary, ...onReplicas] = selectsAfter.map((after, i) => after - selectsBefore[i]);
  const replicaShare = onReplicas.reduce((a, b) => a + b, 0) / (onPrimary + onReplicas.reduce((a, b) => a + b, 0));
  say(
    `steady state: SELECTs on the primary ${onPrimary}, on the replicas ${onReplicas.join(' + ')} ` +
      `(replica share ${(replicaShare * 100).toFixed(0)} %, heartbeat and credential checks included)`,
  );

  // --- 1. lose a replica ---------------------------------------------------------------------
  phase = 'replica lost';
  const readsOnReplica1Before = Number((await sql(ports.replica1, "SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'"))[0].Value);
  check(
    readsOnReplica1Before > 0,
    `replica1 answered reads before it was stopped (${readsOnReplica1Before} prepared statements executed there)`,
  );
  await stop(db.replica1, 'SIGKILL');
  const killedAt = Date.now();
  const outAfter = await waitUntil(async () => (await replicaState(ports.replica1)).every((a) => a === false), 10_000);
  say(`replica1 SIGKILLed; both APIs took it out of rotation after ${outAfter} s`);
  await sleep(Math.max(0, 4000 - (Date.now() - killedAt)));
  const lostPhase = phaseCounts['replica lost'];
  check(
    lostPhase.http5xx === 0 && lostPhase.networkErrors === 0,
    `no 5xx while replica1 was down (${lostPhase.requests} requests, ${lostPhase.http5xx} × 5xx, ${lostPhase.networkErrors} network errors)`,
  );
  check(outAfter !== undefined && outAfter <= 1.5, `reads moved off replica1 within ~1 s (${outAfter} s)`);
  phase = 'replica back';
  db.replica1 = await startMariadb('replica1', ports.replica1, 2, false);
  const restartedAt = Date.now();
  const backAfter = await waitUntil(async () => (await replicaState(ports.replica1)).every((a) => a === true), 20_000);
  say(`replica1 restarted; back in rotation on both APIs after ${backAfter} s (it caught up through GTID)`);
  check(backAfter !== undefined, 'replica1 serves reads again after its restart');
  await sleep(1000);
  const readsOnReplica1After = Number((await sql(ports.replica1, "SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'"))[0].Value);
  check(readsOnReplica1After > 0, `replica1 answers reads again (${readsOnReplica1After} statements since restart)`);
  void restartedAt;

  // --- 2. delay a replica --------------------------------------------------------------------
  phase = 'replica delayed';
  const readsBeforeDelay = markerReads.reads;
  const staleBeforeDelay = markerReads.stale;
  await sql(ports.replica2, 'STOP SLAVE SQL_THREAD');
  const stoppedAt = Date.now();
  const delayedOutAfter = await waitUntil(async () => (await replicaState(ports.replica2)).every((a) => a === false), 5000);
  await sleep(Math.max(0, 5000 - (Date.now() - stoppedAt)));
  await sql(ports.replica2, 'START SLAVE SQL_THREAD');
  const delayedBackAfter = await waitUntil(async () => (await replicaState(ports.replica2)).every((a) => a === true), 10_000);
  say(
    `replica2 SQL thread stopped 5 s: out of rotation after ${delayedOutAfter} s, back ${delayedBackAfter} s after START SLAVE SQL_THREAD`,
  );
  check(
    markerReads.stale === staleBeforeDelay,
    `no anonymous read older than REPLICA_MAX_LAG allows (${markerReads.reads - readsBeforeDelay} marker reads during the delay, ` +
      `${markerReads.stale - staleBeforeDelay} older than ${ALLOWED_STALENESS_MS} ms; max staleness seen ${markerReads.maxStalenessMs} ms)`,
  );

  // --- 3. kill the Redis master --------------------------------------------------------------
  phase = 'redis failover';
  const oldMaster = await redis.queueMaster();
  await stop(redis.nodes.get(oldMaster), 'SIGKILL');
  const redisKilledAt = Date.now();
  const promotedAfter = await waitUntil(
    async () => ![undefined, oldMaster].includes(await redis.queueMaster().catch(() => undefined)),
    30_000,
  );
  const newMaster = await redis.queueMaster();
  const seenAtKill = new Set(received.filter((r) => r.at <= redisKilledAt).map((r) => r.id));
  const resumedAfter = await waitUntil(
    async () => received.some((r) => r.at > redisKilledAt + (promotedAfter ?? 0) * 1000 && !seenAtKill.has(r.id)),
    30_000,
  );
  say(
    `Redis master :${oldMaster} (the queue's) SIGKILLed: ${clusterMode ? 'the Cluster' : 'Sentinel'} promoted :${newMaster} after ${promotedAfter} s; ` +
      `new deliveries arrived ${(resumedAfter ?? NaN) + (promotedAfter ?? 0)} s after the kill`,
  );
  check(promotedAfter !== undefined, `${clusterMode ? 'the Cluster' : 'Sentinel'} promoted a replica`);
  check(resumedAfter !== undefined, 'deliveries continued after the failover');
  await sleep(5000);
  redis.close();

  // --- settle --------------------------------------------------------------------------------
  phase = 'drain';
  running = false;
  await Promise.all([...readers, ...movers, ...writers]);
  say('load stopped; waiting for every committed team change to be delivered');
  const primary = await mysql.createConnection({ host: '127.0.0.1', port: ports.primary, user: 'root', database: 'accounts' });
  let rows = [];
  const drainedAfter = await waitUntil(async () => {
    [rows] = await primary.query('SELECT webhook_id, status FROM deliveries');
    const ids = new Set(received.map((r) => r.id));
    return rows.length >= moves.committed && rows.every((row) => ids.has(row.webhook_id));
  }, 90_000);
  await sleep(1000);
  [rows] = await primary.query('SELECT webhook_id, status FROM deliveries');
  const [[{ events }]] = await primary
    .query("SELECT COUNT(*) AS events FROM outbox_events WHERE type = 'account_team_update'")
    .catch(() => [[{ events: NaN }]]);
  await primary.end();
  const receivedIds = new Set(received.map((r) => r.id));
  const lost = rows.filter((row) => !receivedIds.has(row.webhook_id)).length;
  const duplicates = received.length - receivedIds.size;
  const byStatus = {};
  for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;

  const summary = {
    seconds: Math.round((Date.now() - started) / 1000),
    requests: counts.requests,
    http5xx: counts.http5xx,
    networkErrors: counts.networkErrors,
    byKind: counts.byKind,
    byPhase: phaseCounts,
    teamMoves: moves,
    outboxEvents: events,
    deliveries: rows.length,
    deliveriesByStatus: byStatus,
    callbacksReceived: received.length,
    distinctWebhookIds: receivedIds.size,
    duplicates,
    lostEvents: lost,
    drainedAfterSeconds: drainedAfter,
    steadySelects: { primary: onPrimary, replicas: onReplicas, replicaShare: Math.round(replicaShare * 1000) / 1000 },
    replicaLost: { outOfRotationAfterSeconds: outAfter, backAfterRestartSeconds: backAfter },
    replicaDelayed: {
      outOfRotationAfterSeconds: delayedOutAfter,
      backAfterSeconds: delayedBackAfter,
      markerReads: markerReads.reads,
      staleReads: markerReads.stale,
      maxStalenessMs: markerReads.maxStalenessMs,
      allowedStalenessMs: ALLOWED_STALENESS_MS,
    },
    redisFailover: {
      promotedAfterSeconds: promotedAfter,
      deliveriesResumedAfterSeconds: resumedAfter === undefined ? null : resumedAfter + (promotedAfter ?? 0),
    },
  };
  check(
    drainedAfter !== undefined,
    `every committed team change delivered (${rows.length} deliveries for ${moves.committed} committed moves + ${moves.uncertain} uncertain)`,
  );
  check(rows.length >= moves.committed && rows.length <= moves.committed + moves.uncertain, 'one delivery per committed team change');
  check(lost === 0, `no event lost across the Redis master kill (${lost} lost)`);
  say(`duplicates from at-least-once delivery: ${duplicates} (of ${received.length} callbacks received)`);
  console.log(JSON.stringify(summary, null, 2));
  receiver.close();
}

async function cleanup() {
  for (const handle of [...children].reverse())
    await stop(handle, handle.name.startsWith('api') || handle.name.startsWith('worker') ? 'SIGTERM' : 'SIGKILL').catch(() => undefined);
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

let status = 0;
try {
  await main();
  if (failures.length > 0) {
    console.log(`\nTopology test FAILED (${failures.length}):\n  ${failures.join('\n  ')}`);
    status = 1;
  } else console.log(`\nTopology test passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.error(`Topology test aborted: ${error.stack ?? error}`);
  status = 1;
} finally {
  await cleanup();
}
process.exit(status);
