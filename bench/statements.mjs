/**
 * Counts the SQL statements the server executes, on the MariaDB side, so the
 * service needs no instrumentation: the `Questions` status counter (every
 * statement a client sends, BEGIN/COMMIT included) read before and after a
 * scenario. The counter is server-wide, so the rate of statements from other
 * clients is sampled while the benchmark is idle and subtracted.
 */

/** Reads the server-wide `Questions` counter (the SHOW itself counts as one). */
export async function questions(connection) {
  const [rows] = await connection.query("SHOW GLOBAL STATUS LIKE 'Questions'");
  return Number(rows[0].Value);
}

/** Statements per millisecond that other clients send, sampled over `sampleMs`. */
export async function backgroundRate(connection, sampleMs = 1000) {
  const idleStart = await questions(connection);
  const idleStartedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const idleEnd = await questions(connection);
  return Math.max(0, idleEnd - idleStart - 1) / (performance.now() - idleStartedAt);
}

/**
 * A statement counter over one measured interval.
 *
 * @param connection a mysql2/promise connection used only for the counter.
 * @param idleSampleMs how long to sample the background rate before `start()` returns.
 */
export async function startStatementCount(connection, idleSampleMs = 1000) {
  const background = await backgroundRate(connection, idleSampleMs);
  const start = await questions(connection);
  const startedAt = performance.now();
  return {
    /**
     * @param requests how many requests (or events) the interval served.
     * @param ownStatements statements the benchmark itself sent meanwhile (subtracted too).
     * @returns `{ perRequest, background }`: statements per request with the
     *   background rate (statements/ms) subtracted, and that rate.
     */
    async finish(requests, ownStatements = 0) {
      const end = await questions(connection);
      const elapsed = performance.now() - startedAt;
      const own = end - start - 1 - ownStatements - background * elapsed;
      return { perRequest: requests > 0 ? Math.max(0, own) / requests : 0, background: background * 1000 };
    },
  };
}
