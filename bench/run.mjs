/**
 * `npm run bench`: the performance benchmark, against MariaDB and Redis
 * (bench/README.md says what it measures and how).
 *
 * 1. creates the bench database (BENCH_DATABASE_URL, default
 *    mysql://root@127.0.0.1:3306/bench), drops its tables, migrates it with the
 *    CLI, seeds it in bulk (seed.mjs) and creates an app with every permission;
 * 2. starts the built API (`<dist>/main.js`, dist from --dist or
 *    BENCH_DIST_DIR, default `dist`) and one delivery worker
 *    (`<dist>/worker.js`) as deployed (processes.mjs: JSON request lines at
 *    `--log-level`, rate limit off, BullMQ on BENCH_REDIS_URL, default
 *    redis://127.0.0.1:6379/9, queue prefix `bench`), the local callback
 *    receiver (receiver.mjs, registered for `account_team_update`) and the
 *    reference server;
 * 3. measures every scenario (scenarios.mjs: floor, single reads, searches,
 *    writes), each once MariaDB has settled (settle.mjs: purge caught up
 *    after the last load, its process idle), with
 *    autocannon (load.mjs) in `--rounds` rounds, round-robin
 *    between runs of the reference: req/s, latency, errors, SQL statements
 *    and log lines per request, CPU per request of the API, MariaDB and the
 *    worker, and the API's and worker's RSS after each run;
 * 4. grows the data set to each further `--scale` and repeats the search and
 *    single-read scenarios;
 * 5. measures the delivery pipeline (delivery.mjs): a `--backlog` relayed by
 *    the API, drained by one worker then two, and the latency of team moves
 *    at `--latency-rate` for `--latency-duration` seconds;
 * 5b. measures a callback's rate limit at the receiver (rate-limit.mjs):
 *    `--rate-limit-deliveries` due at once to a callback limited to
 *    `--rate-limit` a second, on `--rate-limit-workers` workers, 3 runs; the
 *    most arrivals in any sliding second must be the limit exactly;
 * 6. last, a leak check: runs the read scenarios `--memory-repeats` more
 *    times at the last scale (one run each, no warm-up) and measures the
 *    API's live heap after a full GC (processes.mjs `liveHeapMiB`) and its
 *    RSS after each repeat: flat or growing, and the time the repeats added;
 * 7. prints Markdown tables (medians over the rounds, ratio spread, scaling,
 *    memory, pipeline), writes the run as JSON (--out) and draws the chart of
 *    the ratios (chart.mjs, --chart).
 *
 * Options: --scale 10000,100000  --teams 100  --awards 200  --team-share 0.7
 *   --connections 32  --warmup 2  --duration 5  --rounds 3  --log-level info
 *   --q an  --only <substring>[|<substring>...] (scenarios whose name contains one; `delivery` for the pipeline alone)
 *   --isolation-apps 10  --isolation-per-app 2000  --isolation-workers 1 (workers during one app's recover)
 *   --rate-limit 10  --rate-limit-deliveries 100  --rate-limit-workers 2 (`--only 'rate limit'` for that phase alone)
 *   --million 0 (with `--only 'delivery million'`: that many failed deliveries recovered by one app, million.mjs)
 *   --million-window 60 (seconds between its samples)
 *   --memory-repeats 3 (0: none)  --backlog 20000  --latency-rate 100  --latency-duration 30
 *   --tracing off|on|<ratio> (API and workers export their spans to a local OTLP sink: every span, or sampled
 *     with parentbased_traceidratio at <ratio>, e.g. 0.1; off: no OTEL_* variable)
 *   --dist <dir>  --out bench/results/latest.json  --chart bench/results/ratios.svg
 *   --profile <dir> (CPU profiles of the API and the workers)  --node <binary> (the Node of the API, worker and reference).
 *   --reference-batch 1 (with `--only 'same work'`: deliveries per job of the reference; above 1 it measures a job
 *     model the service does not have, without the statement check: delivery-same-work.mjs)
 *
 * `--only writes` measures the write routes against the same-SQL reference
 * instead (same-sql.mjs): a statement-by-statement check, then interleaved
 * rounds with the order swapped; no later scale, pipeline or memory repeats.
 * `--only reads` does the same for the read routes (the reference started
 * with `SAME_SQL_READS=1`), after a few team moves through the API that give
 * the bench app deliveries to list; the check compares the answers too.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';

import { createConnection } from 'mysql2/promise';

import { measure } from './load.mjs';
import { waitForDeliveries } from './delivery.mjs';
import { settledLine, waitUntilSettled } from './settle.mjs';
import {
  clearQueue,
  databasePid,
  killAll,
  removeLogs,
  runCli,
  serverNodeVersion,
  startApi,
  startReference,
  startReferenceWorker,
  startWorker,
  useNode,
} from './processes.mjs';
import { runSameSql, sameSqlTable } from './same-sql.mjs';
import { startReceiver } from './receiver.mjs';
import { startOtlpSink, tracingEnvironment, validTracing } from './otlp-sink.mjs';
import { chartSpec, writeChart } from './chart.mjs';
import { growthVerdict, rssMiB } from './process-memory.mjs';
import {
  isolationMissed,
  isolationTable,
  memoryTable,
  met,
  pipelineMissed,
  pipelineTable,
  rateLimitMissed,
  rateLimitTable,
  scaleTable,
  scalingTable,
  writeJson,
} from './report.mjs';
import { scenarios } from './scenarios.mjs';
import { accountIdAt, addAccounts, dropAllTables, seedDataSet } from './seed.mjs';
import { measurePipeline } from './delivery.mjs';
import { measureIsolation } from './isolation.mjs';
import { SAME_WORK_TARGET, measureSameWork, sameWorkTable } from './delivery-same-work.mjs';
import { measureRateLimit } from './rate-limit.mjs';
import { measureMillion, millionMissed, millionTable } from './million.mjs';
import { median, summarize } from './stats.mjs';

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '10000,100000' },
    teams: { type: 'string', default: '100' },
    awards: { type: 'string', default: '200' },
    'team-share': { type: 'string', default: '0.7' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '2' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'log-level': { type: 'string', default: 'info' },
    q: { type: 'string', default: 'an' },
    only: { type: 'string' },
    dist: { type: 'string', default: process.env.BENCH_DIST_DIR ?? 'dist' },
    out: { type: 'string', default: 'bench/results/latest.json' },
    chart: { type: 'string', default: 'bench/results/ratios.svg' },
    profile: { type: 'string' },
    node: { type: 'string' },
    backlog: { type: 'string', default: '20000' },
    'latency-rate': { type: 'string', default: '100' },
    'latency-duration': { type: 'string', default: '30' },
    'memory-repeats': { type: 'string', default: '3' },
    'isolation-apps': { type: 'string', default: '10' },
    'isolation-per-app': { type: 'string', default: '2000' },
    'isolation-workers': { type: 'string', default: '1' },
    'rate-limit': { type: 'string', default: '10' },
    'rate-limit-deliveries': { type: 'string', default: '100' },
    'rate-limit-workers': { type: 'string', default: '2' },
    million: { type: 'string', default: '0' },
    'reference-batch': { type: 'string', default: '1' },
    'million-window': { type: 'string', default: '60' },
    tracing: { type: 'string', default: 'off' },
  },
});
if (!validTracing(options.tracing)) throw new Error('--tracing must be off, on or a sampling ratio such as 0.1');

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/bench';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const serviceOptions = { logLevel: options['log-level'], redisUrl };
const scales = options.scale.split(',').map(Number);
if (scales.some((scale, i) => !Number.isInteger(scale) || scale < 1 || (i > 0 && scale <= scales[i - 1]))) {
  throw new Error('--scale must be increasing account counts, e.g. 10000,100000');
}
// The delivery phases that time team moves move distinct accounts of the largest data set (delivery.mjs, latency):
// checked here, not minutes in.
const timesMoves = ['delivery pipeline', 'delivery same work', 'delivery isolation'].some((phase) => selected(phase));
if (timesMoves && Number(options['latency-rate']) * Number(options['latency-duration']) > scales.at(-1)) {
  throw new Error(
    `--latency-rate × --latency-duration (${Number(options['latency-rate']) * Number(options['latency-duration'])} team moves) ` +
      `exceeds the ${scales.at(-1)} accounts of --scale: each move needs an account of its own`,
  );
}
const size = {
  teams: Number(options.teams),
  accounts: scales[0],
  awards: Number(options.awards),
  teamShare: Number(options['team-share']),
};
const settings = { connections: Number(options.connections), warmup: Number(options.warmup), duration: Number(options.duration) };
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
const memoryRepeats = Number(options['memory-repeats']);
/**
 * Whether `--only` selects the scenario or phase `name` (`delivery pipeline`, `delivery isolation`): no `--only`,
 * or `name` contains one of its `|`-separated substrings.
 */
function selected(name) {
  if (!options.only) return true;
  return options.only.split('|').some((part) => name.includes(part));
}

/** `--only writes` or `--only reads`: those routes against the same-SQL reference (same-sql.mjs); `write`, `read` or undefined. */
const sameSqlKind = { writes: 'write', reads: 'read' }[options.only];
if (options.node) useNode(options.node);
if (!Number.isInteger(memoryRepeats) || memoryRepeats < 0) throw new Error('--memory-repeats must be 0 (none) or more');

function log(message) {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
}

async function createDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`BENCH_DATABASE_URL needs a plain database name, got "${name}"`);
  url.pathname = '/';
  const server = await createConnection({ uri: url.toString() });
  await server.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.end();
}

async function appAuthorization() {
  const output = await runCli(options.dist, databaseUrl, ['apps', 'create', 'bench', '--all-permissions', '--json']);
  const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
  const { username, password } = JSON.parse(line);
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** A new app without permissions named `name` (the CLI's `apps create --json`). @returns `{ username, password }`. */
async function createApp(name) {
  const output = await runCli(options.dist, databaseUrl, ['apps', 'create', name, '--json']);
  return JSON.parse(output.split('\n').find((candidate) => candidate.startsWith('{')));
}

/** Registers the receiver as the bench app's callback for `account_team_update`. */
async function registerCallback(apiUrl, auth, url) {
  const response = await fetch(`${apiUrl}/callback/account_team_update`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
  });
  if (!response.ok) throw new Error(`registering the callback answered ${response.status} ${await response.text()}`);
}

/** An `account_team_update` body as the service writes it (`{account, team}`), for the backlog's events. */
async function eventPayload(apiUrl) {
  const account = await (await fetch(`${apiUrl}/account/${accountIdAt(0)}`)).json();
  const team = account.team === null ? null : await (await fetch(`${apiUrl}/team/${account.team}`)).json();
  return JSON.stringify({ account, team });
}

/** Team moves sent before `--only reads`, so that the delivery log page lists a full page of deliveries. */
const DELIVERY_LOG_MOVES = 200;

/**
 * Sends `count` requests of the team-move scenario `moves` to the API, one
 * after another, and waits until the worker has delivered their events.
 *
 * @returns `count`. @throws Error on a non-2xx answer.
 */
async function moveTeams(apiUrl, connection, moves, count) {
  await moves.prepare(connection);
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${apiUrl}${moves.path(i)}`, {
      method: moves.method,
      headers: { 'content-type': 'application/json', ...moves.headers },
      body: JSON.stringify(moves.body(i)),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`a team move answered ${response.status} ${text.slice(0, 200)}`);
  }
  await waitForDeliveries(connection);
  return count;
}

/** Sends one sequence of `scenario` (request 0) and warns about any non-2xx answer. @returns `{ results }` of a search page. */
async function probe(baseUrl, scenario, connection) {
  const context = {};
  let results;
  for (const step of scenario.steps ?? [scenario]) {
    const body = step.body?.(0, context);
    const response = await fetch(`${baseUrl}${step.path(0, context)}`, {
      method: step.method ?? 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...scenario.headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) log(`WARNING ${scenario.name}: first request answered ${response.status} ${text.slice(0, 200)}`);
    else if (text.startsWith('{')) {
      results = JSON.parse(text).results;
      await scenario.verify?.(connection, JSON.parse(text));
    }
  }
  return { results };
}

/** The figures of a scenario that are summarised by their median over the rounds. */
const MEDIAN_FIELDS = [
  'rps',
  'p50',
  'p99',
  'sqlPerRequest',
  'logLinesPerRequest',
  'serverCpuMs',
  'databaseCpuMs',
  'workerCpuMs',
  'serverRssMiB',
  'workerRssMiB',
  'ratio',
];

/**
 * The memory repeats' load: one run per read scenario and repeat, as long as
 * a round's, with no warm-up (the API has just served the same reads).
 */
const MEMORY_SETTINGS = { ...settings, warmup: 0 };

/**
 * Measures every scenario of `groups` at one data-set size, `options.rounds`
 * times, round-robin: the reference, every scenario, the reference again,
 * every scenario... ending with the reference. A round's ratio divides each
 * scenario's req/s by the mean of the two reference runs around that round.
 *
 * @returns `{ accounts, referenceRps, results }`: per scenario its rounds and their summary (median, spread).
 */
async function runScale(accounts, servers, connection, counter, auth, groups, probes) {
  const list = scenarios({ ...size, accounts }, auth, options.q).filter(
    (scenario) => scenario.group === 'reference' || ((groups.includes(scenario.group) || scenario.everyScale) && selected(scenario.name)),
  );
  const [reference, ...measured] = list;
  if (measured.length === 0) return undefined;
  const run = async (scenario, round) => {
    await scenario.prepare?.(connection);
    const settled = await waitUntilSettled(connection, probes.api.databasePid);
    const first = await probe(servers[scenario.server], scenario, connection);
    const matches = first.results === undefined ? '' : ` (${first.results} matches)`;
    log(`${accounts} accounts, round ${round}: ${scenario.name}${matches}; ${settledLine(settled)}`);
    const result = await measure(servers[scenario.server], scenario, settings, counter, probes[scenario.server]);
    return { matches: first.results, ...result, ...(await scenario.cleanup?.(connection)) };
  };
  const referenceRuns = [await run(reference, 1)];
  const runs = measured.map(() => []);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, scenario] of measured.entries()) runs[index].push(await run(scenario, round));
    referenceRuns.push(await run(reference, round));
  }
  const roundReference = (round) => (referenceRuns[round].rps + referenceRuns[round + 1].rps) / 2;
  const referenceRps = median(referenceRuns.map((result) => result.rps));
  for (const result of referenceRuns) result.ratio = result.rps / referenceRps;
  for (const scenarioRuns of runs) scenarioRuns.forEach((result, round) => (result.ratio = result.rps / roundReference(round)));
  const entry = (scenario, scenarioRuns) => ({
    name: scenario.name,
    group: scenario.group,
    target: scenario.target,
    goal: scenario.goal,
    matches: scenarioRuns[0].matches,
    ...summarize(scenarioRuns, MEDIAN_FIELDS),
    rounds: scenarioRuns,
  });
  return {
    accounts,
    referenceRps,
    results: [entry(reference, referenceRuns), ...measured.map((scenario, index) => entry(scenario, runs[index]))],
  };
}

/**
 * Runs the read scenarios (single reads and searches, those of `--only` when
 * given) `--memory-repeats` times at `accounts`, one run each per repeat, and
 * reads the API's RSS and live heap (after a full GC) after each repeat; the
 * verdict is on the live heap, RSS moving with V8's collection schedule.
 *
 * @returns `{ accounts, seconds, repeats: [{ repeat, serverRssMiB, liveHeapMiB, rps }], verdict }` (verdict: `flat` or
 *   `growing`; `seconds` the time the repeats added to the run), or `undefined` when there is nothing to repeat.
 */
async function repeatReads(api, accounts, servers, counter, auth, probes) {
  const reads = scenarios({ ...size, accounts }, auth, options.q).filter(
    (scenario) => ['single-read', 'search'].includes(scenario.group) && selected(scenario.name),
  );
  if (memoryRepeats === 0 || reads.length === 0) return undefined;
  const started = performance.now();
  const repeats = [];
  for (let repeat = 1; repeat <= memoryRepeats; repeat += 1) {
    const rps = {};
    for (const scenario of reads) {
      const result = await measure(servers.api, scenario, MEMORY_SETTINGS, counter, probes.api);
      rps[scenario.name] = result.rps;
    }
    const serverRssMiB = await rssMiB(probes.api.serverPid);
    repeats.push({ repeat, serverRssMiB, liveHeapMiB: await api.liveHeapMiB(), rps });
    log(`memory repeat ${repeat}: API RSS ${serverRssMiB?.toFixed(0)} MiB, live heap ${repeats.at(-1).liveHeapMiB.toFixed(1)} MiB`);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`memory repeats took ${seconds.toFixed(0)} s`);
  return { accounts, seconds, repeats, verdict: growthVerdict(repeats.map((entry) => entry.liveHeapMiB)) };
}

/** The machine's figures for the report (`version`: a row of `SELECT VERSION() AS version`). */
function machineOf(version) {
  return {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    database: `MariaDB ${version.version}`,
    loadAverageAtEnd: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  await createDatabase();
  const connection = await createConnection({ uri: databaseUrl });
  const counter = await createConnection({ uri: databaseUrl });
  const receiver = await startReceiver();
  const sink = options.tracing === 'off' ? undefined : await startOtlpSink();
  serviceOptions.extraEnv = tracingEnvironment(options.tracing, sink?.url);
  let api;
  let reference;
  const workers = [];
  try {
    log(`preparing ${databaseUrl}`);
    await dropAllTables(connection);
    await runCli(options.dist, databaseUrl, ['migrations', 'run']);
    const seeded = await seedDataSet(connection, size, log);
    log(`seeded ${JSON.stringify(seeded)}`);
    const auth = await appAuthorization();
    await clearQueue(redisUrl);
    const profileArgs = options.profile ? ['--cpu-prof', '--cpu-prof-dir', options.profile] : [];
    api = await startApi(options.dist, databaseUrl, { ...serviceOptions, nodeArgs: profileArgs });
    const newWorker = async (name) => {
      const worker = await startWorker(options.dist, databaseUrl, { ...serviceOptions, name, nodeArgs: profileArgs });
      workers.push(worker);
      return worker;
    };
    await newWorker('worker');
    await registerCallback(api.url, auth, receiver.url);
    reference = await startReference(databaseUrl, { sameSqlReads: sameSqlKind === 'read' });
    const servers = { api: api.url, reference: reference.url };
    const database = await databasePid(connection);
    const probes = {
      api: { serverPid: api.pid, databasePid: database, workerPid: workers[0].pid, takeLogLines: api.takeLogLines },
      reference: { serverPid: reference.pid, databasePid: database },
    };

    if (sameSqlKind) {
      const all = scenarios(size, auth, options.q);
      if (sameSqlKind === 'read') {
        const moves = all.find((scenario) => scenario.sameSql === 'write' && scenario.prepare);
        log(`${await moveTeams(api.url, connection, moves, DELIVERY_LOG_MOVES)} team moves sent for the delivery log to list`);
      }
      log(settledLine(await waitUntilSettled(connection, database)));
      const list = all.filter((scenario) => scenario.sameSql === sameSqlKind);
      const sameSqlProbes = { api: probes.api, reference: { ...probes.reference, workerPid: workers[0].pid } };
      const measured = await runSameSql(connection, counter, servers, sameSqlProbes, list, settings, rounds, log);
      const [[version]] = await connection.query('SELECT VERSION() AS version');
      const run = {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        machine: { ...machineOf(version), node: await serverNodeVersion() },
        size,
        settings: { ...settings, rounds, logLevel: options['log-level'], tracing: options.tracing },
        sameSql: measured,
        sameSqlKind,
      };
      await writeJson(options.out, run);
      console.log(`## Same-SQL ${sameSqlKind}s ${run.startedAt}\n`);
      console.log(
        `Machine: ${run.machine.cpu}, ${run.machine.cores} cores, Node ${run.machine.node} (API, worker and reference), ${run.machine.database}; ` +
          `load average at start ${loadAtStart.join(' ')}, at end ${run.machine.loadAverageAtEnd.join(' ')}.`,
      );
      console.log(
        `Load: autocannon, ${settings.connections} connections, ${settings.warmup} s warm-up, ${settings.duration} s measured; ${rounds} rounds, the order swapped each round; medians over the rounds.\n`,
      );
      console.log(sameSqlTable(measured, sameSqlKind));
      return;
    }

    const results = [];
    for (const [index, accounts] of scales.entries()) {
      if (index > 0) {
        log(`growing the data set to ${accounts} accounts`);
        await addAccounts(connection, scales[index - 1], accounts, size, log);
      }
      log(settledLine(await waitUntilSettled(connection, database)));
      const groups = index === 0 ? ['floor', 'single-read', 'search', 'write'] : ['single-read', 'search'];
      const scale = await runScale(accounts, servers, connection, counter, auth, groups, probes);
      if (scale) results.push(scale);
    }

    const stopWorkers = async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
      workers.length = 0;
    };
    let pipeline;
    if (selected('delivery pipeline')) {
      pipeline = await measurePipeline(
        {
          connection,
          counter,
          receiver,
          apiUrl: api.url,
          auth,
          size: { ...size, accounts: scales.at(-1) },
          pids: { database, api: api.pid },
          startWorker: newWorker,
          stopWorkers,
          payload: await eventPayload(api.url),
          log,
        },
        { backlog: Number(options.backlog), rate: Number(options['latency-rate']), seconds: Number(options['latency-duration']) },
      );
      probes.api.workerPid = pipeline.worker.pid;
    }

    let sameWork;
    if (selected('delivery same work')) {
      sameWork = await measureSameWork(
        {
          connection,
          counter,
          receiver,
          apiUrl: api.url,
          auth,
          size: { ...size, accounts: scales.at(-1) },
          pids: { database, api: api.pid },
          startWorker: newWorker,
          startProfiledWorker: async (name) => {
            const worker = await startWorker(options.dist, databaseUrl, { ...serviceOptions, name, nodeArgs: profileArgs });
            workers.push(worker);
            return worker;
          },
          startReferenceWorker: () => startReferenceWorker(databaseUrl, redisUrl, { batch: Number(options['reference-batch']) }),
          stopWorkers,
          createApp,
          payload: await eventPayload(api.url),
          log,
        },
        {
          backlog: Number(options.backlog),
          rate: Number(options['latency-rate']),
          seconds: Number(options['latency-duration']),
          rounds,
          referenceBatch: Number(options['reference-batch']),
        },
      );
      probes.api.workerPid = (await newWorker('worker')).pid;
    }

    /** What the isolation, rate-limit and million phases work with: the servers, this size's API and its workers. */
    const phaseContext = async () => ({
      connection,
      receiver,
      apiUrl: api.url,
      auth,
      size: { ...size, accounts: scales.at(-1) },
      startWorker: newWorker,
      stopWorkers,
      createApp,
      payload: await eventPayload(api.url),
      log,
      redisUrl,
    });

    let isolation;
    if (selected('delivery isolation')) {
      isolation = await measureIsolation(await phaseContext(), {
        backlog: Number(options.backlog),
        rate: 10,
        seconds: 20,
        apps: Number(options['isolation-apps']),
        perApp: Number(options['isolation-per-app']),
        workers: Number(options['isolation-workers']),
      });
      probes.api.workerPid = isolation.worker.pid;
    }

    let rateLimit;
    if (selected('delivery rate limit')) {
      rateLimit = await measureRateLimit(await phaseContext(), {
        limit: Number(options['rate-limit']),
        deliveries: Number(options['rate-limit-deliveries']),
        workers: Number(options['rate-limit-workers']),
        runs: 3,
      });
      probes.api.workerPid = rateLimit.worker.pid;
    }

    let million;
    if (selected('delivery million') && Number(options.million) > 0) {
      million = await measureMillion(await phaseContext(), {
        deliveries: Number(options.million),
        small: Math.min(Number(options.backlog), Number(options.million)),
        window: Number(options['million-window']),
        rate: 10,
        moveSeconds: 10,
        pageRequests: 100,
      });
      probes.api.workerPid = million.worker.pid;
    }

    // Last: the heap snapshots that measure the live heap leave the API's RSS higher for a while.
    const memory = await repeatReads(api, scales.at(-1), servers, counter, auth, probes);

    const [[version]] = await connection.query('SELECT VERSION() AS version');
    const machine = { ...machineOf(version), node: await serverNodeVersion() };
    const run = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine,
      size,
      settings: { ...settings, rounds, logLevel: options['log-level'], tracing: options.tracing },
      tracingSink: sink && { exports: sink.exports, megabytes: Math.round(sink.bytes / 2 ** 20) },
      q: options.q,
      scales: results,
      memory,
      pipeline: pipeline && { ...pipeline, worker: undefined },
      sameWork,
      isolation: isolation && { ...isolation, worker: undefined },
      rateLimit: rateLimit && { ...rateLimit, worker: undefined },
      million: million && { ...million, worker: undefined },
    };
    await writeJson(options.out, run);
    if (results.length > 0) await writeChart(chartSpec(run), options.chart);

    console.log(`## Benchmark run ${run.startedAt}\n`);
    console.log(
      `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.database}; load average at end ${machine.loadAverageAtEnd.join(' ')}.`,
    );
    console.log(
      `Tracing: ${options.tracing === 'off' ? 'off (no OTEL_* variable)' : `${options.tracing === 'on' ? 'every span' : `parentbased_traceidratio ${options.tracing}`} exported over OTLP http/protobuf to a local sink (${sink.exports} exports, ${Math.round(sink.bytes / 2 ** 20)} MiB)`}.`,
    );
    console.log(
      `API as deployed: LOG_LEVEL=${options['log-level']}, JSON request lines (LOG_FORMAT=json, pino on standard output, to a file), helmet and metrics on, rate limit off (RATE_LIMIT_MAX=0).`,
    );
    console.log(
      `Load: autocannon, ${settings.connections} connections, ${settings.warmup} s warm-up, ${settings.duration} s measured per scenario and round; ${rounds} rounds round-robin between reference runs; figures are medians over the rounds, "met" is judged on the median ratio with zero errors.\n`,
    );
    for (const scale of results) console.log(`${scaleTable(scale)}\n`);
    console.log(scalingTable(results));
    if (memory) console.log(`\n${memoryTable(memory)}\n`);
    if (pipeline) console.log(`${pipelineTable(pipeline)}\n`);
    if (sameWork) console.log(`${sameWorkTable(sameWork)}\n`);
    if (isolation) console.log(`${isolationTable(isolation)}\n`);
    if (rateLimit) console.log(`${rateLimitTable(rateLimit)}\n`);
    if (million) console.log(`${millionTable(million)}\n`);
    const missed = [
      ...(results[0]?.results.filter((result) => !met(result)).map((result) => result.name) ?? []),
      ...(pipeline ? pipelineMissed(pipeline).map((name) => `delivery ${name}`) : []),
      // A reference with several deliveries a job measures another job model (an estimate), not a target.
      ...(sameWork && sameWork.referenceBatch === 1
        ? sameWork.results
            .filter((result) => result.errors > 0 || result.ratio < SAME_WORK_TARGET)
            .map((result) => `same work ${result.name}`)
        : []),
      ...(isolation ? isolationMissed(isolation).map((name) => `isolation ${name}`) : []),
      ...(rateLimit && rateLimitMissed(rateLimit) ? ['delivery rate limit'] : []),
      ...(million && millionMissed(million) ? ['delivery million'] : []),
    ];
    console.log(missed.length === 0 ? 'Every target met.' : `Targets missed: ${missed.join('; ')}`);
    log(`JSON written to ${options.out}${results.length > 0 ? `, chart to ${options.chart}` : ''}`);
  } finally {
    await Promise.all([api?.stop(), reference?.stop(), ...workers.map((worker) => worker.stop())]);
    await receiver.close();
    await sink?.close();
    removeLogs();
    await connection.end();
    await counter.end();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAll();
    removeLogs();
    process.exit(130);
  });
}

main().catch((error) => {
  killAll();
  removeLogs();
  console.error(error);
  process.exit(1);
});
