import type { DataSource } from 'typeorm';

import { DeliveryEntity } from '../../src/delivery/delivery.entity.js';
import { OutboxEventEntity } from '../../src/events/outbox-event.entity.js';
import type { Credentials, HttpClient } from './http-client.js';

/**
 * Waits until every delivery in the database has left `pending` and returns
 * them by id (test helper: the delivery table is what operators see).
 * @throws Error after `timeoutMs`.
 */
export async function settledDeliveries(dataSource: DataSource, count: number, timeoutMs = 15_000): Promise<DeliveryEntity[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await dataSource.manager.find(DeliveryEntity, { order: { id: 'ASC' } });
    if (deliveries.length >= count && deliveries.every((delivery) => delivery.status !== 'pending')) return deliveries;
    if (Date.now() > deadline) throw new Error(`Deliveries not settled: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the app's newest delivery of `account_team_update`, as its delivery log shows it, is pending after
 * `attempts` attempts (the attempt's outcome recorded). @returns that Delivery object. @throws Error after 15 s.
 */
export async function pendingAfterAttempts(http: HttpClient, app: Credentials, attempts: number): Promise<Record<string, any>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [newest] = (await http.get('/callback/account_team_update/deliveries', { auth: app })).body.data ?? [];
    if (newest?.status === 'pending' && newest.attempts === attempts) return newest;
    if (Date.now() > deadline) throw new Error(`No pending delivery after ${attempts} attempt(s): ${JSON.stringify(newest)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Settings of an API that delivers callbacks itself (embedded mode, no Redis) to local receivers, quickly:
 * retries after 100 ms and 200 ms, a 500 ms timeout, a 20 ms poll; `overrides` change or add settings.
 */
export function embeddedDeliveryEnv(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    REDIS_URL: undefined,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_RETRY_DELAYS: '100ms,200ms',
    CALLBACK_TIMEOUT_MS: '500',
    CALLBACK_POLL_INTERVAL_MS: '20',
    ...overrides,
  };
}

/**
 * Inserts `count` deliveries of app `appId` to callback `callbackId` that failed for good (one event each, body
 * `{"n": <i>}`), created a minute ago, as `recover` finds them (test setup, not under test). @returns their ids.
 */
export async function insertFailedDeliveries(
  dataSource: DataSource,
  target: { appId: number; callbackId: number; url: string },
  count: number,
): Promise<number[]> {
  const createdAt = Date.now() / 1000 - 60;
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const events = await dataSource.manager.insert(
      OutboxEventEntity,
      Array.from({ length: size }, (_, index) => ({
        type: 'account_team_update',
        payload: JSON.stringify({ n: start + index }),
        createdAt,
        dispatchedAt: createdAt,
      })),
    );
    const deliveries = await dataSource.manager.insert(
      DeliveryEntity,
      events.identifiers.map((event, index) => ({
        eventId: event.id as number,
        callbackId: target.callbackId,
        appId: target.appId,
        event: 'account_team_update',
        url: target.url,
        webhookId: `msg_failed_${start + index}_${Math.random().toString(36).slice(2, 10)}`,
        status: 'failed' as const,
        attempts: 1,
        totalAttempts: 1,
        round: 0,
        lastStatus: 500,
        lastError: 'HTTP 500',
        nextAttemptAt: null,
        lastAttemptAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })),
    );
    ids.push(...deliveries.identifiers.map((delivery) => delivery.id as number));
  }
  return ids;
}

/** The most attempts that reached `received` (receipt times, milliseconds) within any window of `windowMs`. */
export function mostWithin(received: readonly number[], windowMs: number): number {
  const times = [...received].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last] - times[first] >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
