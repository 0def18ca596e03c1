/**
 * Output of a benchmark run: Markdown tables on stdout (pasted into
 * bench/RESULTS.md) and the whole run as JSON. Figures are the medians over
 * a scenario's rounds.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Largest factor by which a figure may change from the first scale to the last. */
export const SCALE_TOLERANCE = 1.5;

function fixed(value, digits) {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '-';
}

function row(cells) {
  return `| ${cells.join(' | ')} |`;
}

/**
 * One scale's results: `{ accounts, referenceRps, results: [{ name, target, goal?, rps, p50, p99, errors, sqlPerRequest,
 * logLinesPerRequest, serverCpuMs, databaseCpuMs, workerCpuMs, serverRssMiB, workerRssMiB, ratio, ratioMin, ratioMax }] }`,
 * figures being medians over the rounds (RSS: read from /proc after each round's run); the worker's CPU and RSS are those of
 * the delivery worker during an API scenario. The reference's row leaves the API's RSS empty (its `serverRssMiB` is the
 * reference server's, kept in the JSON).
 */
export function scaleTable(scale) {
  const lines = [
    `Data set: ${scale.accounts.toLocaleString('en-US')} accounts. Reference: ${fixed(scale.referenceRps, 0)} req/s (median).`,
    '',
    row([
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'SQL/req',
      'log lines/req',
      'server CPU ms/req',
      'DB CPU ms/req',
      'worker CPU ms/req',
      'API RSS MiB',
      'worker RSS MiB',
      'ratio (median)',
      'ratio min–max',
      'target',
      'met',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
  ];
  for (const result of scale.results) {
    const isReference = result.target === undefined;
    lines.push(
      row([
        result.name,
        fixed(result.rps, 0),
        fixed(result.p50, 1),
        fixed(result.p99, 1),
        String(result.errors),
        fixed(result.sqlPerRequest, 2),
        fixed(result.logLinesPerRequest, 2),
        fixed(result.serverCpuMs, 3),
        fixed(result.databaseCpuMs, 3),
        fixed(result.workerCpuMs, 3),
        result.group === 'reference' ? '' : fixed(result.serverRssMiB, 0),
        fixed(result.workerRssMiB, 0),
        fixed(result.ratio, 2),
        `${fixed(result.ratioMin, 2)}–${fixed(result.ratioMax, 2)}`,
        isReference ? '' : `>= ${result.target}${result.goal ? ` (goal ${result.goal})` : ''}`,
        isReference ? '' : met(result) ? 'yes' : 'NO',
      ]),
    );
  }
  return lines.join('\n');
}

/** Whether a scenario meets its ratio target: median ratio, zero errors in every round (informational rows have no target). */
export function met(result) {
  return result.target === undefined || (result.errors === 0 && result.ratio >= result.target);
}

/**
 * How each figure changes from the first scale to every later one: factors
 * (later / first) of req/s, ratio, p50, p99 and SQL/req.
 */
export function scalingTable(scales) {
  if (scales.length < 2) return '';
  const [first, ...later] = scales;
  const lines = [];
  for (const scale of later) {
    lines.push(
      `From ${first.accounts.toLocaleString('en-US')} to ${scale.accounts.toLocaleString('en-US')} accounts (factor = later / earlier; target: req/s and ratio factor >= ${fixed(1 / SCALE_TOLERANCE, 2)}, latency factor <= ${SCALE_TOLERANCE}, SQL/req unchanged):`,
      '',
      row(['scenario', 'ratio', 'req/s factor', 'p50 factor', 'p99 factor', 'SQL/req', 'within 1.5x']),
      row(['---', '---:', '---:', '---:', '---:', '---:', '---']),
    );
    for (const result of scale.results) {
      const base = first.results.find((candidate) => candidate.name === result.name);
      if (!base) continue;
      const rpsFactor = result.rps / base.rps;
      const p50Factor = result.p50 / base.p50;
      const p99Factor = result.p99 / base.p99;
      const within =
        rpsFactor >= 1 / SCALE_TOLERANCE && p50Factor <= SCALE_TOLERANCE && Math.abs(result.sqlPerRequest - base.sqlPerRequest) < 0.5;
      lines.push(
        row([
          result.name,
          `${fixed(base.ratio, 2)} -> ${fixed(result.ratio, 2)}`,
          fixed(rpsFactor, 2),
          fixed(p50Factor, 2),
          fixed(p99Factor, 2),
          `${fixed(base.sqlPerRequest, 2)} -> ${fixed(result.sqlPerRequest, 2)}`,
          within ? 'yes' : 'NO',
        ]),
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Writes `run` as pretty JSON to `path`, creating its directory. */
export async function writeJson(path, run) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(run, null, 2)}\n`);
}

/** Targets of the delivery pipeline: deliveries per second of one worker, p99 from commit to receipt. */
export const PIPELINE_TARGETS = { deliveriesPerSecond: 600, p99Ms: 1000 };

/** The delivery pipeline's figures (delivery.mjs `measurePipeline`) as a table and a latency line. */
export function pipelineTable(pipeline) {
  const lines = [
    'Delivery pipeline (Redis, `node dist/worker.js`, the local receiver answering 200 at once):',
    '',
    row(['phase', 'events', 'seconds', 'per second', 'SQL/event', 'DB CPU ms/event', 'process CPU ms/event', 'target', 'met']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---']),
  ];
  pipeline.relay.forEach((relay, index) => {
    lines.push(
      row([
        `relay of backlog ${index + 1} (API, workers stopped)`,
        String(relay.events),
        fixed(relay.seconds, 1),
        fixed(relay.eventsPerSecond, 0),
        fixed(relay.sqlPerEvent, 3),
        fixed(relay.databaseCpuMsPerEvent, 3),
        `${fixed(relay.apiCpuMsPerEvent, 3)} (API)`,
        '',
        '',
      ]),
    );
  });
  for (const drain of pipeline.drain) {
    const isOne = drain.workers === 1;
    lines.push(
      row([
        `drain by ${drain.workers} worker${isOne ? '' : 's'}`,
        String(drain.deliveries),
        fixed(drain.seconds, 1),
        fixed(drain.deliveriesPerSecond, 0),
        fixed(drain.sqlPerDelivery, 2),
        fixed(drain.databaseCpuMsPerDelivery, 3),
        `${fixed(drain.workerCpuMsPerDelivery, 3)} (worker${isOne ? '' : 's'})`,
        isOne ? `>= ${PIPELINE_TARGETS.deliveriesPerSecond}/s` : `x${fixed(pipeline.twoWorkerRatio, 2)} of one (no target)`,
        isOne ? (drain.deliveriesPerSecond >= PIPELINE_TARGETS.deliveriesPerSecond ? 'yes' : 'NO') : '',
      ]),
    );
  }
  const latency = pipeline.latency;
  lines.push(
    '',
    `Latency, ${latency.events} team moves at a steady rate through the API, one worker: from the API's answer (just after the commit) to the receipt, p50 ${fixed(latency.p50Ms, 0)} ms, p99 ${fixed(latency.p99Ms, 0)} ms (target <= ${PIPELINE_TARGETS.p99Ms} ms: ${pipelineMissed(pipeline).includes('latency') ? 'NO' : 'yes'}), max ${fixed(latency.maxMs, 0)} ms; ${latency.errors} errors, ${latency.missing} not received; the PATCHes' own p99 ${fixed(latency.patchP99Ms, 0)} ms.`,
    '',
    `RSS after the pipeline: API ${fixed(pipeline.rss?.apiMiB, 0)} MiB, worker ${fixed(pipeline.rss?.workerMiB, 0)} MiB.`,
  );
  return lines.join('\n');
}

/** Names of the pipeline targets missed (`throughput`, `latency`); errors or lost events miss the latency target. */
export function pipelineMissed(pipeline) {
  const missed = [];
  if (pipeline.drain[0].deliveriesPerSecond < PIPELINE_TARGETS.deliveriesPerSecond) missed.push('throughput');
  const { latency } = pipeline;
  if (!(latency.p99Ms <= PIPELINE_TARGETS.p99Ms) || latency.errors > 0 || latency.missing > 0) missed.push('latency');
  return missed;
}

/**
 * The repeated read runs: `{ accounts, seconds, repeats: [{ repeat, liveHeapMiB, serverRssMiB, rps: { [scenario]: req/s } }],
 * verdict }`.
 */
export function memoryTable(memory) {
  const names = Object.keys(memory.repeats[0].rps);
  return [
    `Memory over repeated reads: ${memory.repeats.length} repeats of the read scenarios at ${memory.accounts.toLocaleString('en-US')} accounts, one run each (a leak shows as the live heap, measured after a full GC, climbing run after run; flat = the last within 10 % or 5 MiB of the first): **${memory.verdict}**. RSS is read before each snapshot; from the second repeat on it includes what the previous snapshot left allocated. The repeats added ${fixed(memory.seconds, 0)} s to the run.`,
    '',
    row(['repeat', 'API live heap MiB', 'API RSS MiB', ...names.map((name) => `${name} req/s`)]),
    row(['---:', '---:', '---:', ...names.map(() => '---:')]),
    ...memory.repeats.map((repeat) =>
      row([
        String(repeat.repeat),
        fixed(repeat.liveHeapMiB, 1),
        fixed(repeat.serverRssMiB, 0),
        ...names.map((name) => fixed(repeat.rps[name], 0)),
      ]),
    ),
  ].join('\n');
}

/** Targets of the isolation scenario (docs/api.md#isolation-between-apps): the other app's p99, the drain, the shares. */
export const ISOLATION_TARGETS = { p99Ms: 1000, deliveriesPerSecond: 600, shareSpread: 0.2 };

/** The isolation figures (isolation.mjs `measureIsolation`) as a table. */
export function isolationTable(isolation) {
  const { backlog, shares } = isolation;
  const { latency } = backlog;
  const sharesMet = shares.minShare >= 1 - ISOLATION_TARGETS.shareSpread && shares.maxShare <= 1 + ISOLATION_TARGETS.shareSpread;
  return [
    `Isolation between apps (Redis, ${backlog.workers > 1 ? `${backlog.workers} \`node dist/worker.js\` during the recover, one for the ten apps` : 'one `node dist/worker.js`'}, the local receiver answering 200 at once):`,
    '',
    '| measure | figure | target | met |',
    '|---|---|---|---|',
    `| another app's team moves while one app recovers ${backlog.deliveries} deliveries: commit → arrival p50 / p99 / max | ${latency.p50Ms.toFixed(0)} / ${latency.p99Ms.toFixed(0)} / ${latency.maxMs.toFixed(0)} ms (${latency.events} moves, ${latency.missing} missing, ${latency.errors} errors) | p99 <= ${ISOLATION_TARGETS.p99Ms} ms | ${latency.p99Ms <= ISOLATION_TARGETS.p99Ms && latency.missing === 0 && latency.errors === 0 ? 'yes' : 'NO'} |`,
    `| the recovered backlog's drain (${backlog.redelivered} redelivered) | ${backlog.drainPerSecond.toFixed(0)}/s | >= ${ISOLATION_TARGETS.deliveriesPerSecond}/s | ${backlog.drainPerSecond >= ISOLATION_TARGETS.deliveriesPerSecond ? 'yes' : 'NO'} |`,
    `| ${shares.apps} apps backlogged (${shares.perApp} each): each app's arrivals at half-way, against the mean | ${shares.minShare.toFixed(2)}–${shares.maxShare.toFixed(2)} (${shares.arrived.join(', ')}) | within ±${ISOLATION_TARGETS.shareSpread * 100} % | ${sharesMet ? 'yes' : 'NO'} |`,
  ].join('\n');
}

/** The isolation targets missed (`latency`, `throughput`, `shares`). */
export function isolationMissed(isolation) {
  const { backlog, shares } = isolation;
  const missed = [];
  const { latency } = backlog;
  if (!(latency.p99Ms <= ISOLATION_TARGETS.p99Ms) || latency.errors > 0 || latency.missing > 0) missed.push('latency');
  if (backlog.drainPerSecond < ISOLATION_TARGETS.deliveriesPerSecond) missed.push('throughput');
  if (shares.minShare < 1 - ISOLATION_TARGETS.shareSpread || shares.maxShare > 1 + ISOLATION_TARGETS.shareSpread) missed.push('shares');
  return missed;
}

/** The rate-limit figures (rate-limit.mjs `measureRateLimit`) as a table: each run's busiest second at the receiver. */
export function rateLimitTable(rateLimit) {
  return [
    `Rate limit at the receiver (Redis, ${rateLimit.workers} \`node dist/worker.js\`, the local receiver answering 200 at once; ${rateLimit.deliveries} deliveries due at once to a callback with \`rate_limit\` ${rateLimit.limit}):`,
    '',
    '| run | most arrivals in any sliding second | drained in | target | met |',
    '|---|---|---|---|---|',
    ...rateLimit.runs.map(
      (run, index) =>
        `| ${index + 1} | ${run.mostPerSecond} | ${run.seconds.toFixed(1)} s | ${rateLimit.limit} exactly | ${run.mostPerSecond === rateLimit.limit ? 'yes' : 'NO'} |`,
    ),
  ].join('\n');
}

/** Whether a run of the rate-limit scenario missed its target (more or fewer than the limit in its busiest second). */
export function rateLimitMissed(rateLimit) {
  return rateLimit.runs.some((run) => run.mostPerSecond !== rateLimit.limit);
}
