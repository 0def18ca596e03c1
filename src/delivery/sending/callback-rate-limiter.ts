import type { OnApplicationShutdown } from '@nestjs/common';
import type { Cluster, Redis } from 'ioredis';

/**
 * The span a `rate_limit` counts attempts over (milliseconds): a second, and
 * a margin so that attempts that start at the limit's edge never reach a
 * receiver as `rate_limit + 1` in one second of its own clock.
 */
export const RATE_WINDOW_MS = 1_050;

/**
 * Callbacks' `rate_limit` (docs/api.md#isolation-between-apps): at most
 * `perSecond` attempts to one callback start in any window of
 * {@link RATE_WINDOW_MS}, a sliding log of the attempts' start times.
 */
export abstract class CallbackRateLimiter {
  /**
   * Takes one start for callback `callbackId` if the window has room.
   * @returns 0 when taken; else how long (milliseconds, at least 1) until
   *   the oldest start in the window leaves it.
   * @throws the store's errors (Redis unreachable): the caller tries again later.
   */
  abstract acquire(callbackId: number, perSecond: number): Promise<number>;
}

/** The embedded runner's limiter: one process sends every delivery, so the log is kept in its memory. */
export class MemoryRateLimiter extends CallbackRateLimiter {
  private readonly starts = new Map<number, number[]>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  acquire(callbackId: number, perSecond: number): Promise<number> {
    const now = this.now();
    const starts = (this.starts.get(callbackId) ?? []).filter((start) => start > now - RATE_WINDOW_MS);
    if (starts.length < perSecond) {
      starts.push(now);
      this.starts.set(callbackId, starts);
      return Promise.resolve(0);
    }
    this.starts.set(callbackId, starts);
    return Promise.resolve(Math.max(1, starts[0] + RATE_WINDOW_MS - now));
  }
}

/**
 * The sliding log as one Lua script on Redis's clock: KEYS[1] the callback's
 * sorted set of start times; ARGV limit, window and a unique member.
 */
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

/**
 * The workers' limiter: one log per callback in Redis, shared by every worker
 * process, on Redis's own clock (one script call per attempt of a callback
 * that has a `rate_limit`; none otherwise).
 */
export class RedisRateLimiter extends CallbackRateLimiter implements OnApplicationShutdown {
  private sequence = 0;

  /** @param prefix the deployment's key prefix (`CALLBACK_QUEUE_PREFIX`, hash-tagged in a Cluster). */
  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
  ) {
    super();
  }

  async acquire(callbackId: number, perSecond: number): Promise<number> {
    const member = `${process.pid}:${Date.now()}:${(this.sequence += 1)}`;
    const wait = await this.redis.eval(ACQUIRE_SCRIPT, 1, `${this.prefix}:rate:${callbackId}`, perSecond, RATE_WINDOW_MS, member);
    return Number(wait);
  }

  /** Closes the limiter's client. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
