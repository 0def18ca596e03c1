/**
 * Runs one load scenario with autocannon: a warm-up, then a measured run of a
 * fixed duration, with the SQL statements of the measured run counted on the
 * server (statements.mjs).
 */
import autocannon from 'autocannon';

import { cpuMillis } from './process-cpu.mjs';
import { rssMiB } from './process-memory.mjs';
import { startStatementCount } from './statements.mjs';

function fire(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * A scenario: `{ name, group, method?, body?, headers?, path(i) }`, where `path`
 * (and `body`) give the i-th request so that requests spread over many rows;
 * or `{ name, group, headers?, steps: [{ method, path(i, context), body?(i, context) }] }`,
 * a sequence each connection sends in turn: `i` counts sequences, `context`
 * (per connection, emptied before each sequence) carries values from one step
 * to the next.
 */
function requestOptions(baseUrl, scenario, settings, duration) {
  let counter = 0;
  return {
    url: baseUrl,
    connections: settings.connections,
    duration,
    timeout: 10,
    requests: (scenario.steps ?? [scenario]).map((step, index) => ({
      method: step.method ?? 'GET',
      headers: { ...(step.body ? { 'content-type': 'application/json' } : {}), ...scenario.headers },
      setupRequest: (request, context) => {
        if (index === 0) context.i = counter++;
        request.path = step.path(context.i, context);
        if (step.body) request.body = JSON.stringify(step.body(context.i, context));
        return request;
      },
    })),
  };
}

/**
 * Warms up, then measures `scenario` against `baseUrl`.
 *
 * @param settings `{ connections, warmup, duration }` (seconds).
 * @param counterConnection mysql2/promise connection for statement counting.
 * @param probes `{ serverPid, databasePid, workerPid?, takeLogLines? }`: processes whose CPU time per request is
 *   reported (the delivery worker's too), and the server's log line counter (lines written since its last call).
 * @returns `{ rps, p50, p99, errors, requests, sqlPerRequest, logLinesPerRequest, serverCpuMs, databaseCpuMs, workerCpuMs,
 *   serverRssMiB, workerRssMiB, backgroundSqlPerSecond }`; latencies in ms, CPU in ms per request, RSS after the run; errors = connection errors + timeouts + non-2xx answers.
 */
export async function measure(baseUrl, scenario, settings, counterConnection, probes = {}) {
  if (settings.warmup > 0) await fire(requestOptions(baseUrl, scenario, settings, settings.warmup));
  const count = await startStatementCount(counterConnection);
  await probes.takeLogLines?.();
  const pids = [probes.serverPid, probes.databasePid, probes.workerPid];
  const cpuBefore = await Promise.all(pids.map(cpuMillis));
  const result = await fire(requestOptions(baseUrl, scenario, settings, settings.duration));
  const cpuAfter = await Promise.all(pids.map(cpuMillis));
  const statements = await count.finish(result.requests.total);
  const logLines = await probes.takeLogLines?.();
  const [serverRssMiB, workerRssMiB] = await Promise.all([rssMiB(probes.serverPid), rssMiB(probes.workerPid)]);
  const perRequest = (index) =>
    cpuBefore[index] === undefined || cpuAfter[index] === undefined
      ? undefined
      : (cpuAfter[index] - cpuBefore[index]) / result.requests.total;
  return {
    serverRssMiB,
    workerRssMiB,
    serverCpuMs: perRequest(0),
    databaseCpuMs: perRequest(1),
    workerCpuMs: perRequest(2),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    sqlPerRequest: statements.perRequest,
    logLinesPerRequest: logLines === undefined ? undefined : logLines / result.requests.total,
    backgroundSqlPerSecond: statements.background,
  };
}
