/** A metric's source could not be read because its dependency is down, or did not answer within the scrape's timeout. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: string,
    reason: string,
  ) {
    super(`${dependency} unavailable: ${reason}`);
    this.name = 'DependencyUnavailableError';
  }
}
