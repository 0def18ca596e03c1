/**
 * `--only writes` and `--only reads`: each write (or read) route of the
 * service against the same-SQL reference (reference-server.mjs), which sends
 * the same statements for the same request with bare Fastify and mysql2.
 *
 * 1. **Check**: the first `CHECK_REQUESTS` requests of each scenario are
 *    sent to the service, then as many to the reference, one at a
 *    time with MariaDB's general log on (statement-sequence.mjs); the run
 *    stops when a sequence differs, printing both. A read's answers are
 *    compared too: the same requests to both must get the same status and
 *    the same JSON (key order aside), else the run stops.
 * 2. **Rounds**: `rounds` interleaved rounds per scenario, the order swapped
 *    each round (reference then service, service then reference, ...): the
 *    same load (load.mjs) against each, with CPU per request of the server,
 *    of MariaDB and of the delivery worker. A round's ratio is the service's
 *    req/s over the reference's in that round; the table gives medians.
 *
 * The reference's team moves write outbox events like the service's, which
 * the API's relay and the worker deliver as they do the service's, so both
 * runs carry the same background work.
 */
import { isDeepStrictEqual } from 'node:util';

import { measure } from './load.mjs';
import { captureStatements, sequenceDifference } from './statement-sequence.mjs';
import { median } from './stats.mjs';

/** Requests per write scenario whose statements are compared (account creations: 7 into a team, 3 without). */
const CHECK_REQUESTS = 10;

/**
 * Captures of one scenario before the run stops on a difference: now and then a
 * statement's log row falls just outside its capture window (the general log
 * is read by time), while a real drift differs every time.
 */
const CHECK_ATTEMPTS = 3;

/**
 * Sends requests `from..from+count-1` of `scenario` to `baseUrl`, one after another.
 * @returns the answers of the last step of each request: `[{ status, body }]` (`body` parsed JSON, or the text).
 * @throws Error on a non-2xx answer.
 */
async function sendRequests(baseUrl, scenario, from, count) {
  const answers = [];
  for (let i = from; i < from + count; i += 1) {
    const context = {};
    for (const step of scenario.steps ?? [scenario]) {
      const body = step.body?.(i, context);
      const response = await fetch(`${baseUrl}${step.path(i, context)}`, {
        method: step.method ?? 'GET',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...scenario.headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${scenario.name} on ${baseUrl} answered ${response.status} ${text.slice(0, 200)}`);
      if (step === (scenario.steps ?? [scenario]).at(-1)) answers.push({ status: response.status, body: parsed(text) });
    }
  }
  return answers;
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Where two JSON values first differ: a path like `data[3].team.awards` with both values, or `undefined` when equal. */
function jsonDifference(a, b, path = '') {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && a.length !== b.length) return `${path || 'the answer'}: ${a.length} items against ${b.length}`;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const difference = jsonDifference(a[key], b[key], Array.isArray(a) ? `${path}[${key}]` : `${path}${path ? '.' : ''}${key}`);
      if (difference) return difference;
    }
  }
  return `${path || 'the answer'}: ${JSON.stringify(a)?.slice(0, 300)} against ${JSON.stringify(b)?.slice(0, 300)}`;
}

/**
 * Sends requests `0..CHECK_REQUESTS-1` of a read scenario to the service and to the reference.
 * @throws Error naming the scenario, the request and where the answers differ, when they differ.
 */
async function checkSameAnswers(servers, scenario) {
  const service = await sendRequests(servers.api, scenario, 0, CHECK_REQUESTS);
  const reference = await sendRequests(servers.reference, scenario, 0, CHECK_REQUESTS);
  for (const [index, answer] of service.entries()) {
    const difference =
      answer.status === reference[index].status
        ? jsonDifference(answer.body, reference[index].body)
        : `status ${answer.status} against ${reference[index].status}`;
    if (difference) {
      throw new Error(
        `the same-SQL reference answered ${scenario.name} (request ${index}) unlike the service: ${difference} (service against reference)`,
      );
    }
  }
}

/**
 * Compares the statement sequences of the service and the reference for each scenario.
 *
 * @returns `[{ name, statements }]`: statements per checked request, equal on both sides.
 * @throws Error naming the scenario and the first differing statement when a sequence differs.
 */
export async function checkSameSql(connection, servers, list, log) {
  const checked = [];
  for (const scenario of list) {
    let service;
    let difference;
    for (let attempt = 1; attempt <= CHECK_ATTEMPTS; attempt += 1) {
      await scenario.prepare?.(connection);
      const from = 2 * CHECK_REQUESTS * (attempt - 1);
      const capture = { ownStatements: scenario.ownStatements };
      service = await captureStatements(connection, () => sendRequests(servers.api, scenario, from, CHECK_REQUESTS), capture);
      const reference = await captureStatements(
        connection,
        () => sendRequests(servers.reference, scenario, from + CHECK_REQUESTS, CHECK_REQUESTS),
        capture,
      );
      await scenario.cleanup?.(connection);
      difference = sequenceDifference(service, reference, { anyOrder: scenario.statementOrder === 'any' });
      if (!difference) break;
      if (attempt < CHECK_ATTEMPTS) {
        log(
          `same SQL: ${scenario.name}: the sequences differed (attempt ${attempt}: ${difference.split('\n').slice(0, 3).join(' ')}), checking again`,
        );
      }
    }
    if (difference) throw new Error(`the same-SQL reference drifted from the service on ${scenario.name}: ${difference}`);
    log(`same SQL: ${scenario.name}: ${service.length} statements in ${CHECK_REQUESTS} requests, identical`);
    if (scenario.sameSql === 'read') {
      await checkSameAnswers(servers, scenario);
      log(`same SQL: ${scenario.name}: the same answers to ${CHECK_REQUESTS} requests`);
    }
    checked.push({ name: scenario.name, statements: service.length / CHECK_REQUESTS });
  }
  return checked;
}

/**
 * Measures each scenario against the service and the reference in `rounds` interleaved rounds, the order
 * swapped each round.
 *
 * @param probes `{ api, reference }`: the pids and log counters of load.mjs `measure`.
 * @returns per scenario `{ name, statements, rounds: [{ service, reference, ratio }], ratio, ratioMin, ratioMax, errors,
 *   service, reference }` where `service` and `reference` are the medians of `measure()`'s figures.
 */
export async function runSameSql(connection, counter, servers, probes, list, settings, rounds, log) {
  const checked = await checkSameSql(connection, servers, list, log);
  const results = [];
  for (const [index, scenario] of list.entries()) {
    const runs = [];
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? ['reference', 'api'] : ['api', 'reference'];
      const figures = {};
      for (const server of order) {
        await scenario.prepare?.(connection);
        log(`same SQL, round ${round}: ${scenario.name} on the ${server === 'api' ? 'service' : 'reference'}`);
        figures[server] = { ...(await measure(servers[server], scenario, settings, counter, probes[server])) };
        Object.assign(figures[server], await scenario.cleanup?.(connection));
      }
      runs.push({ service: figures.api, reference: figures.reference, ratio: figures.api.rps / figures.reference.rps });
    }
    const medians = (side) =>
      Object.fromEntries(
        ['rps', 'p50', 'p99', 'sqlPerRequest', 'serverCpuMs', 'databaseCpuMs', 'workerCpuMs'].map((field) => [
          field,
          median(runs.map((run) => run[side][field])),
        ]),
      );
    const ratios = runs.map((run) => run.ratio);
    results.push({
      name: scenario.name,
      statements: checked[index].statements,
      target: SAME_SQL_TARGET,
      ratio: median(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      errors: runs.reduce((sum, run) => sum + run.service.errors + run.reference.errors, 0),
      service: medians('service'),
      reference: medians('reference'),
      rounds: runs,
    });
  }
  return results;
}

/** The ratio each route (write or read) should reach against its same-SQL reference. */
export const SAME_SQL_TARGET = 0.7;

const fixed = (value, digits) => (value === undefined ? '-' : value.toFixed(digits));

/** The Markdown table of {@link runSameSql}'s results; `kind` (`write` or `read`) names the first column. */
export function sameSqlTable(results, kind = 'write') {
  const header =
    `| ${kind} (same SQL) | statements/req | service req/s | reference req/s | ratio (median) | ratio min–max | p99 ms service / reference | API CPU ms/req service / reference | DB CPU ms/req service / reference | worker CPU ms/req service / reference | errors | >= 0.7 |\n` +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const rows = results.map(
    (result) =>
      `| ${result.name} | ${fixed(result.statements, 1)} | ${fixed(result.service.rps, 0)} | ${fixed(result.reference.rps, 0)} | ${fixed(result.ratio, 2)} | ` +
      `${fixed(result.ratioMin, 2)}–${fixed(result.ratioMax, 2)} | ${fixed(result.service.p99, 0)} / ${fixed(result.reference.p99, 0)} | ` +
      `${fixed(result.service.serverCpuMs, 3)} / ${fixed(result.reference.serverCpuMs, 3)} | ` +
      `${fixed(result.service.databaseCpuMs, 3)} / ${fixed(result.reference.databaseCpuMs, 3)} | ` +
      `${fixed(result.service.workerCpuMs, 3)} / ${fixed(result.reference.workerCpuMs, 3)} | ${result.errors} | ` +
      `${result.errors === 0 && result.ratio >= result.target ? 'yes' : 'no'} |`,
  );
  return [header, ...rows].join('\n');
}
