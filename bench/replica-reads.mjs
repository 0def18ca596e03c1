#!/usr/bin/env node
/**
 * Public read throughput with one read replica (docs/scaling.md): a private
 * MariaDB primary (binlog, GTID) and one replica on loopback ports, seeded
 * with the benchmark's data set, one API with `DATABASE_REPLICA_URLS`. Each
 * read scenario is measured twice on the same processes and data: reads on
 * the replica (in rotation), then on the primary (the replica's SQL thread
 * stopped, so the lag monitor takes it out). Prints a Markdown table:
 * requests/s and CPU ms per request of the API, the primary and the replica.
 *
 *   npm run build && node bench/replica-reads.mjs [--accounts 10000] [--duration 5] [--connections 32]
 *
 * Uses BENCH_REDIS_URL (default redis://127.0.0.1:6379/9) for the API's queue; starts
 * and stops its own MariaDB servers (mariadbd, mariadb-install-db).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { createConnection } from 'mysql2/promise';

import { measure } from './load.mjs';
import { cpuMillis, waitUntilIdle } from './process-cpu.mjs';
import { freePort, killAll, removeLogs, runCli, startApi } from './processes.mjs';
import { accountIdAt, seedDataSet } from './seed.mjs';

const { values: options } = parseArgs({
  options: {
    accounts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    dist: { type: 'string', default: process.env.BENCH_DIST_DIR ?? 'dist' },
  },
});
const size = { teams: 100, accounts: Number(options.accounts), awards: 200, teamShare: 0.7 };
const settings = { connections: Number(options.connections), warmup: 0, duration: Number(options.duration) };
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const dir = mkdtempSync(join(tmpdir(), 'bench-replica-'));
const servers = [];

function log(message) {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command}: ${output}`))));
  });
}

/** A private mariadbd over `<dir>/<name>`, with binlog and GTID; resolves once it accepts connections. */
async function startMariadb(name, port, serverId) {
  const base = join(dir, name);
  const child = spawn(
    '/usr/sbin/mariadbd',
    [
      '--no-defaults',
      `--datadir=${join(base, 'data')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(base, 'mariadb.sock')}`,
      `--pid-file=${join(base, 'mariadb.pid')}`,
      '--user=root',
      '--innodb-buffer-pool-size=128M',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      `--server-id=${serverId}`,
      `--log-bin=${join(base, 'binlog')}`,
      '--binlog-format=ROW',
      ...(serverId === 1 ? [] : ['--read-only=ON', `--relay-log=${join(base, 'relay')}`]),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  servers.push(child);
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  for (let waited = 0; !output.includes('ready for connections'); waited += 50) {
    if (waited > 60_000 || child.exitCode !== null) throw new Error(`${name} did not start: ${output.slice(-2000)}`);
    await sleep(50);
  }
  return child;
}

const connect = (port, database) => createConnection({ host: '127.0.0.1', port, user: 'root', database });

async function readsFrom(apiUrl) {
  const body = await (await fetch(`${apiUrl}/health/ready`)).json();
  return body.info?.replicas?.reads_from;
}

async function waitForReadsFrom(apiUrl, where) {
  for (let waited = 0; (await readsFrom(apiUrl)) !== where; waited += 100) {
    if (waited > 60_000) throw new Error(`reads did not move to the ${where}`);
    await sleep(100);
  }
}

async function main() {
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  await run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${join(dir, 'primary', 'data')}`,
    '--user=root',
    '--skip-test-db',
    '--auth-root-authentication-method=normal',
  ]);
  cpSync(join(dir, 'primary'), join(dir, 'replica'), { recursive: true });
  const primary = await startMariadb('primary', primaryPort, 1);
  const replica = await startMariadb('replica', replicaPort, 2);
  const replicaControl = await connect(replicaPort);
  await replicaControl.query(
    `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primaryPort}, MASTER_USER='root', MASTER_USE_GTID=slave_pos`,
  );
  await replicaControl.query('START SLAVE');
  const primaryControl = await connect(primaryPort);
  await primaryControl.query('CREATE DATABASE bench CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  const databaseUrl = `mysql://root@127.0.0.1:${primaryPort}/bench`;
  await runCli(options.dist, databaseUrl, ['migrations', 'run']);
  const data = await connect(primaryPort, 'bench');
  log(`seeding ${size.accounts} accounts on the primary (replicated)`);
  await seedDataSet(data, size);

  process.env.DATABASE_REPLICA_URLS = `mysql://root@127.0.0.1:${replicaPort}/bench`;
  process.env.REPLICA_MAX_LAG = '1s';
  const api = await startApi(options.dist, databaseUrl, { logLevel: 'info', redisUrl });
  await waitForReadsFrom(api.url, 'replicas');
  await waitUntilIdle(primary.pid, { timeoutSeconds: 60 });
  await waitUntilIdle(replica.pid, { timeoutSeconds: 60 });

  const spread = (i, n) => (i * 7919) % n;
  const scenarios = [
    { name: 'GET /account/{id}', path: (i) => `/account/${accountIdAt(spread(i, size.accounts))}` },
    { name: 'GET /team/{id}', path: (i) => `/team/${1 + spread(i, size.teams)}` },
    { name: 'GET /accounts/search?per_page=20', path: () => '/accounts/search?per_page=20' },
  ];
  const rows = [];
  for (const where of ['replicas', 'primary']) {
    if (where === 'primary') {
      await replicaControl.query('STOP SLAVE SQL_THREAD');
      await waitForReadsFrom(api.url, 'primary');
    }
    for (const scenario of scenarios) {
      log(`${scenario.name}, reads from the ${where}`);
      await measure(api.url, scenario, { ...settings, duration: Number(options.warmup) }, data, {});
      const replicaBefore = await cpuMillis(replica.pid);
      const result = await measure(api.url, scenario, settings, data, { serverPid: api.pid, databasePid: primary.pid });
      const replicaCpuMs = ((await cpuMillis(replica.pid)) - replicaBefore) / result.requests;
      rows.push({ scenario: scenario.name, where, ...result, replicaCpuMs });
    }
  }
  await replicaControl.query('START SLAVE SQL_THREAD');

  const f = (value, digits = 3) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));
  console.log(
    `## Public reads with one replica (${size.accounts} accounts, ${settings.connections} connections, ${settings.duration} s)\n`,
  );
  console.log('| scenario | reads from | req/s | p99 ms | errors | API CPU ms/req | primary CPU ms/req | replica CPU ms/req |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.scenario} | ${row.where} | ${Math.round(row.rps)} | ${row.p99} | ${row.errors} | ${f(row.serverCpuMs)} | ${f(row.databaseCpuMs)} | ${f(row.replicaCpuMs)} |`,
    );
  }
  await Promise.all([data.end(), primaryControl.end(), replicaControl.end()]);
}

try {
  await main();
} finally {
  killAll();
  removeLogs();
  for (const server of servers) server.kill('SIGTERM');
  await sleep(2000);
  rmSync(dir, { recursive: true, force: true });
}
