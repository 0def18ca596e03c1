import { Injectable } from '@nestjs/common';

/**
 * The keys whose requests this process is handling now: a second request
 * with one of them is refused (409) instead of running alongside the first.
 * In the process only: across API instances on MySQL, two such requests
 * meet at the key's row, where the second waits for the first's commit and
 * then replays its answer.
 */
@Injectable()
export class InFlightKeys {
  private readonly keys = new Set<string>();

  /** @returns false when `key` is already taken; else takes it until {@link release}. */
  acquire(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  release(key: string): void {
    this.keys.delete(key);
  }
}
