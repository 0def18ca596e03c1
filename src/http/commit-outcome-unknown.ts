import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * The answer when the connection to the database was lost while `COMMIT` was
 * on its way: the server may or may not have committed, so the request must
 * not be answered with the 503 that means "nothing was written". 504 Gateway
 * Timeout, as for any upstream that did not confirm in time; no `Retry-After`,
 * since a blind retry could repeat the write. The client reads the resource,
 * or retries with the same `Idempotency-Key`, which answers the stored result
 * if the first attempt did commit.
 */
export class CommitOutcomeUnknownException extends HttpException {
  constructor(cause: unknown) {
    super(
      {
        detail:
          'The database connection was lost while the change was being committed: it may or may not have been saved. ' +
          'Read the resource before sending it again, or resend it with the same Idempotency-Key.',
      },
      HttpStatus.GATEWAY_TIMEOUT,
      { cause },
    );
  }
}
