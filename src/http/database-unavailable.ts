/** Driver error codes that mean the database cannot be reached (not that the request was wrong). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'SQLITE_BUSY',
]);

/** Seconds a client is told to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` (a TypeORM `QueryFailedError`/driver error, or one wrapping
 * it as `cause`) says the database is unreachable, or that the connection
 * failed for good (mysql2's `fatal` errors): the request is answered 503 with
 * `Retry-After`, not 500 (nothing was written: its transaction did not
 * commit; a connection lost during `COMMIT` is told apart before this, see
 * `database/retrying-transaction.ts`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const failure = current as { code?: unknown; driverError?: unknown; cause?: unknown; fatal?: unknown };
    if (typeof failure.code === 'string' && UNAVAILABLE_CODES.has(failure.code)) return true;
    if (failure.fatal === true) return true;
    current = failure.driverError ?? failure.cause;
  }
  return false;
}
