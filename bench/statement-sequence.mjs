/**
 * The statements a request sends, read from MariaDB's general log: what keeps
 * the same-SQL reference server honest (reference-server.mjs must send, for
 * each write route, the statement sequence the service sends).
 *
 * The general log is switched on (to the `mysql.general_log` table) only while
 * one request at a time is sent to a server, then restored to what it was. A
 * request's statements are those logged between sending it and its answer, on
 * connections to the bench database other than the benchmark's own, without
 * the delivery pipeline's background statements (the relay's claims and
 * delivery rows, the worker's), which run on their own schedule. Values are
 * masked (string and number literals become `?`), so two requests of the same
 * route on different rows compare equal; each statement keeps its protocol
 * (`Query` for a text statement, `Execute` for a prepared one).
 */

/**
 * Background statements of the outbox relay, the delivery worker and the
 * recovery runner, never part of a request: a transaction holding one is left out whole (the relay's
 * and the queue's transactions run at `READ COMMITTED`, no request's does).
 */
const BACKGROUND = [
  /\bdeliveries\b/i,
  /\bdelivery_attempts\b/i,
  /\bdelivery_recoveries\b/i,
  /\bFROM `?outbox_events`?\b.*\bSKIP LOCKED\b/i,
  /^UPDATE `?outbox_events`? SET `?dispatched_at`?/i,
  /\bcallbacks\b/i,
  /^SET TRANSACTION ISOLATION LEVEL READ COMMITTED\b/i,
];

/** How long the log table is given to show the last rows of a capture window, ms. */
const LOG_SETTLE_MS = 250;

/** `sql` with string and number literals and `NULL` as `?`, and whitespace collapsed. */
export function maskValues(sql) {
  return sql
    .replace(/'(?:[^'\\]|\\.|'')*'/g, '?')
    .replace(/(?<=[(,=]\s*)NULL\b/g, '?')
    .replace(/(?<![\w`.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w`])/gi, '?')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Runs `send` (which sends one request, or a sequence, to a server and awaits
 * its answer) with the general log on, and returns the statements it caused.
 *
 * @param connection a mysql2/promise connection on the bench database (its own statements are left out).
 * @param options.ownStatements regular expressions (on the masked text) of statements the requests send that
 *   would otherwise pass for background ones (the delivery log's reads name `deliveries`): never left out.
 * @returns `[{ command, sql }]` in the order MariaDB received them (`sql` masked).
 */
export async function captureStatements(connection, send, { ownStatements = [] } = {}) {
  const [[previous]] = await connection.query('SELECT @@global.general_log AS enabled, @@global.log_output AS output');
  await connection.query("SET GLOBAL log_output = 'TABLE'");
  await connection.query('SET GLOBAL general_log = 1');
  try {
    const [[{ since }]] = await connection.query('SELECT NOW(6) AS since');
    await send();
    const [[{ until }]] = await connection.query('SELECT NOW(6) AS until');
    // A log row can become visible to readers of the log table a moment after its statement ran:
    // wait for the window's last rows (the ones after `until` are left out by time).
    await new Promise((resolve) => setTimeout(resolve, LOG_SETTLE_MS));
    const [rows] = await connection.query(
      `SELECT g.thread_id AS thread, g.command_type AS command, CONVERT(g.argument USING utf8mb4) AS argument
         FROM mysql.general_log g
        WHERE g.event_time BETWEEN ? AND ? AND g.command_type IN ('Query', 'Execute') AND g.thread_id <> CONNECTION_ID()
          AND g.thread_id IN (SELECT id FROM information_schema.processlist WHERE db = DATABASE())
        ORDER BY g.event_time`,
      [since, until],
    );
    return withoutBackground(
      rows.map((row) => ({ thread: row.thread, command: row.command, sql: maskValues(row.argument) })),
      ownStatements,
    );
  } finally {
    await connection.query(`SET GLOBAL general_log = ${Number(previous.enabled)}`);
    await connection.query('SET GLOBAL log_output = ?', [previous.output]);
  }
}

/**
 * `statements` (in server order) without the statements triggers ran (MariaDB
 * logs them too, `NEW.`/`OLD.` in their text) and without the background's:
 * on each connection, a transaction (from `SET TRANSACTION` or `START
 * TRANSACTION` to `COMMIT` or `ROLLBACK`) holding a {@link BACKGROUND}
 * statement is dropped whole, as is such a statement on its own, and so is
 * the end of a transaction that began before the capture (a `COMMIT` or
 * `ROLLBACK` with no start on its connection, and that connection's
 * statements before it: a connection in a transaction runs nothing else).
 * A statement matching one of `ownStatements` is never taken for a background one.
 */
function withoutBackground(statements, ownStatements) {
  const dropped = new Set();
  const open = new Map();
  /** Per connection, its statements outside any transaction seen to start, since the last start. */
  const loose = new Map();
  for (const statement of statements) {
    if (/\b(NEW|OLD)\./.test(statement.sql)) {
      dropped.add(statement);
      continue;
    }
    let block = open.get(statement.thread);
    if (!block && /^(SET TRANSACTION|START TRANSACTION)\b/i.test(statement.sql)) {
      open.set(statement.thread, (block = []));
      loose.delete(statement.thread);
    }
    if (!block) {
      const before = loose.get(statement.thread) ?? [];
      if (/^(COMMIT|ROLLBACK)\b/i.test(statement.sql)) {
        for (const member of [...before, statement]) dropped.add(member);
        loose.delete(statement.thread);
        continue;
      }
      loose.set(statement.thread, [...before, statement]);
    }
    if (block) block.push(statement);
    const background =
      !ownStatements.some((pattern) => pattern.test(statement.sql)) && BACKGROUND.some((pattern) => pattern.test(statement.sql));
    if (background && !block) dropped.add(statement);
    if (background && block) block.background = true;
    if (block && /^(COMMIT|ROLLBACK)\b/i.test(statement.sql)) {
      if (block.background) for (const member of block) dropped.add(member);
      open.delete(statement.thread);
    }
  }
  for (const block of open.values()) if (block.background) for (const member of block) dropped.add(member);
  return statements.filter((statement) => !dropped.has(statement)).map(({ command, sql }) => ({ command, sql }));
}

/** One statement as a line: its protocol and masked text. */
export function statementLine({ command, sql }) {
  return `${command === 'Execute' ? 'execute' : 'query  '} ${sql}`;
}

/**
 * Compares two captured sequences.
 *
 * @param options.anyOrder compare them as lists of statements in any order (for requests that send statements at
 *   once on several connections, whose order in the log varies): both sorted first.
 * @returns `undefined` when equal, else a readable diff (the first differing position and both sequences).
 */
export function sequenceDifference(service, reference, { anyOrder = false } = {}) {
  if (anyOrder) {
    const sorted = (sequence) =>
      [...sequence].sort((a, b) => (statementLine(a) < statementLine(b) ? -1 : statementLine(a) > statementLine(b) ? 1 : 0));
    return sequenceDifference(sorted(service), sorted(reference));
  }
  const length = Math.max(service.length, reference.length);
  for (let index = 0; index < length; index += 1) {
    const a = service[index] && statementLine(service[index]);
    const b = reference[index] && statementLine(reference[index]);
    if (a !== b) {
      const list = (sequence) => sequence.map((statement, at) => `    ${at + 1}. ${statementLine(statement)}`).join('\n');
      return `statement ${index + 1} differs:\n  service:   ${a ?? '(none)'}\n  reference: ${b ?? '(none)'}\n  service sequence:\n${list(service)}\n  reference sequence:\n${list(reference)}`;
    }
  }
  return undefined;
}
