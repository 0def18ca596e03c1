/**
 * The delivery pipeline as the benchmark sees it from the database: whether
 * every committed event has been relayed and every delivery made.
 */

/** Events not yet relayed plus deliveries still pending. */
async function outstanding(connection) {
  const [[row]] = await connection.query(
    `SELECT (SELECT COUNT(*) FROM outbox_events WHERE dispatched_at IS NULL)
          + (SELECT COUNT(*) FROM deliveries WHERE status = 'pending') AS n`,
  );
  return Number(row.n);
}

/**
 * Waits until nothing is left to relay or deliver (so that one scenario's
 * deliveries do not run during the next), at most `timeoutSeconds`.
 *
 * @returns seconds waited.
 * @throws Error when work is still outstanding after the timeout.
 */
export async function waitForDeliveries(connection, timeoutSeconds = 120) {
  const started = performance.now();
  for (;;) {
    const left = await outstanding(connection);
    if (left === 0) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutSeconds * 1000) throw new Error(`${left} events or deliveries still outstanding`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
