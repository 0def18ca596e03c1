/**
 * The statements a delivery worker sends while it drains a backlog, read from
 * MariaDB's general log: what keeps the same-work reference worker
 * (reference-worker.mjs) honest. Unlike a request's (statement-sequence.mjs),
 * a worker's statements have no fixed order (ten attempts in flight, passes
 * on timers), so a capture is a count per statement shape: its protocol and
 * its text with values masked.
 */
import { maskValues, statementLine } from './statement-sequence.mjs';

/** How far the statements per delivery in all (the passes' included) may differ, as a share of the service's. */
const TOTAL_TOLERANCE = 0.15;

/** Sent this many times in one capture, a statement must be in the other. */
const RARE = 3;

/** How long the log table is given to show the last rows of a capture window, ms. */
const LOG_SETTLE_MS = 250;

/**
 * With the general log on (to `mysql.general_log`, restored after), runs
 * `start` (which starts the process to measure and waits until it is at work),
 * then `work`, and counts the statements sent during `work` by the bench
 * database's connections opened since `start` began (those of the process
 * started: the API's and the benchmark's, open before, are left out). `work`
 * must keep that process connected until it returns: a connection that closed
 * is no longer in the process list, and its statements would be left out.
 *
 * @returns `Map<line, count>` where a line is {@link statementLine}'s, an `IN` list of any length as `IN (?…)`, and
 *   a batch's `CASE id WHEN ? THEN ? …` of any length as `CASE id WHEN ? THEN ?…`.
 */
export async function captureShapes(connection, start, work) {
  const [[previous]] = await connection.query('SELECT @@global.general_log AS enabled, @@global.log_output AS output');
  await connection.query("SET GLOBAL log_output = 'TABLE'");
  await connection.query('SET GLOBAL general_log = 1');
  try {
    const [open] = await connection.query('SELECT id FROM information_schema.processlist WHERE db = DATABASE()');
    await start();
    const [[{ since }]] = await connection.query('SELECT NOW(6) AS since');
    await work();
    const [[{ until }]] = await connection.query('SELECT NOW(6) AS until');
    await new Promise((resolve) => setTimeout(resolve, LOG_SETTLE_MS));
    const [rows] = await connection.query(
      `SELECT g.command_type AS command, CONVERT(g.argument USING utf8mb4) AS argument
         FROM mysql.general_log g
        WHERE g.event_time BETWEEN ? AND ? AND g.command_type IN ('Query', 'Execute') AND g.thread_id NOT IN (?)
          AND g.thread_id IN (SELECT id FROM information_schema.processlist WHERE db = DATABASE())`,
      [since, until, open.map((row) => row.id)],
    );
    const shapes = new Map();
    for (const row of rows) {
      // What triggers ran is logged too (NEW./OLD. in its text): part of the statement that fired them.
      if (/\b(NEW|OLD)\./.test(row.argument)) continue;
      const sql = maskValues(row.argument)
        .replace(/\bIN \(\?(?:, \?)*\)/g, 'IN (?…)')
        .replace(/(?: WHEN \? THEN (?:\?|NULL))+/g, ' WHEN ? THEN ?…');
      const line = statementLine({ command: row.command, sql });
      shapes.set(line, (shapes.get(line) ?? 0) + 1);
    }
    return shapes;
  } finally {
    await connection.query(`SET GLOBAL general_log = ${Number(previous.enabled)}`);
    await connection.query('SET GLOBAL log_output = ?', [previous.output]);
  }
}

/**
 * Compares two captures, `service` of `deliveries.service` deliveries and
 * `reference` of `deliveries.reference`. A statement sent at least once per
 * two deliveries on either side is per delivery: both must send it as often
 * per delivery, within `tolerance`. Any other statement (a pass's, on a timer
 * or per admission window) sent {@link RARE} times or more by one side must
 * be sent by the other too (a rarer one may fall outside a capture by timing).
 * In all, both must send as many statements per delivery, within
 * {@link TOTAL_TOLERANCE}: the passes' batching is compared too.
 *
 * @returns `undefined` when they agree, else a readable difference with both captures.
 */
export function shapeDifference(service, reference, deliveries, tolerance = 0.05) {
  const problems = [];
  for (const line of new Set([...service.keys(), ...reference.keys()])) {
    const a = (service.get(line) ?? 0) / deliveries.service;
    const b = (reference.get(line) ?? 0) / deliveries.reference;
    const counts = [service.get(line) ?? 0, reference.get(line) ?? 0];
    if (Math.min(...counts) === 0 && Math.max(...counts) >= RARE)
      problems.push(`only the ${counts[0] === 0 ? 'reference' : 'service'} sends: ${line}`);
    else if (Math.max(a, b) >= 0.5 && Math.abs(a - b) > tolerance)
      problems.push(`per delivery ${a.toFixed(2)} against ${b.toFixed(2)}: ${line}`);
  }
  const total = (shapes, count) => [...shapes.values()].reduce((sum, value) => sum + value, 0) / count;
  const [a, b] = [total(service, deliveries.service), total(reference, deliveries.reference)];
  if (Math.abs(a - b) > TOTAL_TOLERANCE * a) problems.push(`statements per delivery in all: ${a.toFixed(2)} against ${b.toFixed(2)}`);
  if (problems.length === 0) return undefined;
  const list = (shapes) =>
    [...shapes]
      .sort((x, y) => y[1] - x[1])
      .map(([line, count]) => `    ${String(count).padStart(6)}  ${line}`)
      .join('\n');
  return `${problems.join('\n')}\n  service (${deliveries.service} deliveries):\n${list(service)}\n  reference (${deliveries.reference} deliveries):\n${list(reference)}`;
}
