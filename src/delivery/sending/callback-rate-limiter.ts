import type { OnApplicationShutdown } from '@nestjs/common';
import type { Cluster, Redis } from 'ioredis';

/**
 * The span a `rate_limit` counts attempts over (milliseconds): a second, and
 * a margin of 100 ms for what happens after the request left this process
 * (the network, and a loaded receiver reading one request later than the
 * next), so that a receiver never sees `rate_limit + 1` attempts in one
 * second of its own clock. The cost: at most `rate_limit / 1.1` attempts a
 * second on average under a steady backlog.
 */
export const RATE_WINDOW_MS = 1_100;

/**
 * How long a slot taken for an attempt is held, at most, before its request
 * is sent (milliseconds, on top of `CALLBACK_TIMEOUT_MS`): a worker that dies
 * (or a store write that fails) between taking the slot and recording the
 * send costs the callback that slot for this long plus a window, never an
 * attempt too many.
 */
export const SLOT_LEASE_MARGIN_MS = 10_000;

/**
 * A slot taken in a callback's window for one attempt. It is held from the
 * moment it is taken and counts the attempt from the instant its request was
 * sent ({@link sent}): the window of {@link RATE_WINDOW_MS} runs from there.
 */
export interface RateSlot {
  /**
   * The attempt's request was handed to the network now (its last byte
   * written to the socket). Only the first call counts; never throws.
   */
  sent(): void;
  /**
   * The attempt ended: if {@link sent} was never called, counts it as sent
   * now (a refused connection is counted too). Resolves once the store has
   * the send time; never rejects (a send the store did not take keeps its
   * slot held until the lease runs out: fewer attempts, never more).
   */
  settle(): Promise<void>;
}

/**
 * Callbacks' `rate_limit` (docs/api.md#rate-limit): counted when an
 * attempt's request is sent, so that no window of {@link RATE_WINDOW_MS} holds
 * more than `perSecond` sends, with any number of workers and under CPU
 * contention. A sliding log per callback, in two steps:
 *
 * 1. {@link acquire}, before the attempt, takes a slot if fewer than
 *    `perSecond` are taken: one sent within the last window, or held by an
 *    attempt not sent yet (held, it counts as if sent at any later instant,
 *    so the time a loaded process takes between the check and the socket
 *    write can never let another attempt in).
 * 2. {@link RateSlot.sent}, once the request's bytes are written, stamps the
 *    slot with the store's time, which is after the real send: the slot leaves
 *    the window a full window after that.
 *
 * So for any `perSecond + 1` attempts, the last was admitted after the first
 * had been stamped, at least a window earlier: their sends are a window apart.
 */
export abstract class CallbackRateLimiter {
  /**
   * Takes a slot for an attempt to callback `callbackId` if its window has room.
   * @returns the slot; else how long (milliseconds, at least 1) before one
   *   may free (a full window when every slot is held by an attempt not sent yet).
   * @throws the store's errors (Redis unreachable): the caller tries again later.
   */
  abstract acquire(callbackId: number, perSecond: number): Promise<RateSlot | number>;
}

/** A {@link RateSlot} whose send time is recorded by `stamp` (once). */
function slot(stamp: () => Promise<void>): RateSlot {
  let stamped: Promise<void> | undefined;
  const sent = (): Promise<void> => (stamped ??= stamp().catch(() => undefined));
  return {
    sent: () => void sent(),
    settle: sent,
  };
}

/** The embedded runner's limiter: one process sends every delivery, so the log is kept in its memory. */
export class MemoryRateLimiter extends CallbackRateLimiter {
  /** Callback id → its slots: the send time of each sent attempt, or the end of the lease of one not sent yet (ms). */
  private readonly slots = new Map<number, { at: number }[]>();

  /** @param leaseMs how long a slot is held before its send is recorded, at most ({@link SLOT_LEASE_MARGIN_MS} + the request timeout). */
  constructor(
    private readonly leaseMs: number,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  acquire(callbackId: number, perSecond: number): Promise<RateSlot | number> {
    const now = this.now();
    const slots = (this.slots.get(callbackId) ?? []).filter((taken) => taken.at > now - RATE_WINDOW_MS);
    this.slots.set(callbackId, slots);
    if (slots.length < perSecond) {
      const taken = { at: now + this.leaseMs };
      slots.push(taken);
      return Promise.resolve(
        slot(() => {
          taken.at = Math.min(taken.at, this.now());
          return Promise.resolve();
        }),
      );
    }
    const oldest = Math.min(...slots.map((taken) => taken.at));
    return Promise.resolve(oldest > now ? RATE_WINDOW_MS : Math.max(1, oldest + RATE_WINDOW_MS - now));
  }
}

/**
 * Takes a slot, on Redis's clock: KEYS[1] the callback's sorted set (member:
 * one slot; score: its send time, or the end of its lease while not sent);
 * ARGV limit, window, member, lease. Returns 0 when taken, else the wait.
 */
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
local lease = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], lease + window)
  return 0
end
local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
if oldest > now then return window end
return math.max(1, oldest + window - now)
`;

/**
 * Stamps a slot with its send time, on Redis's clock (after the request was
 * written, so never earlier than the real send): KEYS[1] the callback's set,
 * ARGV[1] the slot. A slot whose lease ran out is not taken back.
 */
const SENT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', 'LT', now, ARGV[1])
return 0
`;

/**
 * The workers' limiter: one log per callback in Redis, shared by every worker
 * process, on Redis's own clock (two script calls per attempt of a callback
 * that has a `rate_limit`, one before it and one once its request is sent;
 * none otherwise).
 */
export class RedisRateLimiter extends CallbackRateLimiter implements OnApplicationShutdown {
  private sequence = 0;

  /**
   * @param prefix the deployment's key prefix (`CALLBACK_QUEUE_PREFIX`, hash-tagged in a Cluster).
   * @param leaseMs how long a slot is held before its send is recorded, at most ({@link SLOT_LEASE_MARGIN_MS} + the request timeout).
   */
  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
    private readonly leaseMs: number,
  ) {
    super();
  }

  async acquire(callbackId: number, perSecond: number): Promise<RateSlot | number> {
    const key = `${this.prefix}:rate:${callbackId}`;
    const member = `${process.pid}:${Date.now()}:${(this.sequence += 1)}`;
    const wait = Number(await this.redis.eval(ACQUIRE_SCRIPT, 1, key, perSecond, RATE_WINDOW_MS, member, this.leaseMs));
    if (wait > 0) return wait;
    return slot(async () => {
      await this.redis.eval(SENT_SCRIPT, 1, key, member);
    });
  }

  /** Closes the limiter's client. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
