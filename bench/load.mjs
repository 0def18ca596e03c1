/**
 * Runs one load scenario with autocannon: a warm-up, then a measured run of a
 * fixed duration, with the SQL statements of the measured run counted on the
 * server (statements.mjs).
 */
import autocannon from 'autocannon';

import { cpuMillis } from './process-cpu.mjs';
import { startStatementCount } from './statements.mjs';

function fire(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * A scenario: `{ name, group, method, body?, headers?, path(i) }`, where `path`
 * gives the i-th request's path so that requests spread over many rows.
 */
function requestOptions(baseUrl, scenario, settings, duration) {
  let counter = 0;
  return {
    url: baseUrl,
    connections: settings.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: scenario.method ?? 'GET',
        headers: { ...(scenario.body ? { 'content-type': 'application/json' } : {}), ...scenario.headers },
        setupRequest: (request) => {
          const i = counter++;
          request.path = scenario.path(i);
          if (scenario.body) request.body = JSON.stringify(scenario.body(i));
          return request;
        },
      },
    ],
  };
}

/**
 * Warms up, then measures `scenario` against `baseUrl`.
 *
 * @param settings `{ connections, warmup, duration }` (seconds).
 * @param counterConnection mysql2/promise connection for statement counting.
 * @param probes `{ serverPid, databasePid, takeLogLines? }`: processes whose CPU time per request is
 *   reported, and the server's log line counter (lines written since its last call).
 * @returns `{ rps, p50, p99, errors, requests, sqlPerRequest, logLinesPerRequest, serverCpuMs, databaseCpuMs,
 *   backgroundSqlPerSecond }`; latencies in ms, CPU in ms per request; errors = connection errors + timeouts + non-2xx answers.
 */
export async function measure(baseUrl, scenario, settings, counterConnection, probes = {}) {
  if (settings.warmup > 0) await fire(requestOptions(baseUrl, scenario, settings, settings.warmup));
  const count = await startStatementCount(counterConnection);
  await probes.takeLogLines?.();
  const cpuBefore = await Promise.all([cpuMillis(probes.serverPid), cpuMillis(probes.databasePid)]);
  const result = await fire(requestOptions(baseUrl, scenario, settings, settings.duration));
  const cpuAfter = await Promise.all([cpuMillis(probes.serverPid), cpuMillis(probes.databasePid)]);
  const statements = await count.finish(result.requests.total);
  const logLines = await probes.takeLogLines?.();
  const perRequest = (index) =>
    cpuBefore[index] === undefined || cpuAfter[index] === undefined
      ? undefined
      : (cpuAfter[index] - cpuBefore[index]) / result.requests.total;
  return {
    serverCpuMs: perRequest(0),
    databaseCpuMs: perRequest(1),
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
