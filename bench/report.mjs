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
 * logLinesPerRequest, serverCpuMs, databaseCpuMs, workerCpuMs, ratio, ratioMin, ratioMax }] }`, figures being medians
 * over the rounds; the worker's CPU is that of the delivery worker during an API scenario.
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
      'ratio (median)',
      'ratio min–max',
      'target',
      'met',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
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
