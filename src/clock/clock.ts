/**
 * The time source (a port, so tests can move time). Times are seconds since
 * the UNIX epoch with a fractional part, as the API shows them (docs/api.md#conventions).
 */
export abstract class Clock {
  abstract nowSeconds(): number;
}

/** The real wall clock. */
export class SystemClock extends Clock {
  nowSeconds(): number {
    return Date.now() / 1000;
  }
}
