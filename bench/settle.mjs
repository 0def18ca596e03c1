/**
 * Waiting for MariaDB to settle before a measurement: a write scenario (or
 * the growth of the data set) leaves InnoDB purging the old row versions
 * and flushing the pages it changed for a while after the load stops, at a
 * cost that grows with the data set (a rename rewrites 40–60 entries of the
 * name-gram index, which holds about 31 million at a million accounts).
 * Whatever is measured next would pay for it: at a million accounts the
 * rounds of `GET /award/{id}` that followed the renames had their p99 1.5×
 * the 10,000-account one, against 1.2× without renames in the rounds.
 */
import { waitUntilIdle } from './process-cpu.mjs';

/** Undo log entries not purged yet below which purge counts as caught up. */
const PURGED = 100;

async function historyListLength(connection) {
  const [rows] = await connection.query("SHOW GLOBAL STATUS WHERE Variable_name = 'Innodb_history_list_length'");
  return Number(rows[0]?.Value ?? 0);
}

/**
 * Waits until MariaDB has settled, at most `timeoutSeconds` (`BENCH_SETTLE_SECONDS`, else 120): purge caught up
 * (history list under {@link PURGED}), then its process idle
 * ({@link waitUntilIdle}: the page flushing that follows a load costs CPU
 * too). Dirty pages are not waited for: an idle InnoDB may leave some for
 * minutes without spending anything on them.
 *
 * @param connection a mysql2/promise connection to it; @param pid its process id.
 * @returns `{ seconds, history }`: seconds waited (whole), and the history list length last read.
 */
export async function waitUntilSettled(connection, pid, { timeoutSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 120) } = {}) {
  const started = Date.now();
  let history = await historyListLength(connection);
  while (history >= PURGED && Date.now() - started < timeoutSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    history = await historyListLength(connection);
  }
  const left = Math.max(1, timeoutSeconds - Math.floor((Date.now() - started) / 1000));
  await waitUntilIdle(pid, { timeoutSeconds: left });
  return { seconds: Math.round((Date.now() - started) / 1000), history };
}

/** The log line of a wait: `waited 3 s for MariaDB to settle`, with the history list left when the timeout ended it. */
export function settledLine({ seconds, history }) {
  return `waited ${seconds} s for MariaDB to settle${history < PURGED ? '' : ` (timed out, history list ${history})`}`;
}
