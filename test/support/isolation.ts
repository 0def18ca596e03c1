import { In } from 'typeorm';
import { expect } from 'vitest';

import { DeliveryEntity } from '../../src/delivery/delivery.entity.js';
import type { CallbackReceiver } from './callback-receiver.js';
import { insertFailedDeliveries, sleep } from './deliveries.js';
import { type Scenario, WHSEC } from './delivery-scenario.js';
import type { Credentials } from './http-client.js';
import type { TestApp } from './test-app.js';

/**
 * Registers `app`'s callback at `path` and gives it `count` deliveries that failed for good.
 * @returns the callback's id and the deliveries' webhook-ids.
 */
export async function registerWithBacklog(
  t: TestApp,
  s: Scenario,
  receiver: CallbackReceiver,
  app: Credentials & { id: number },
  path: string,
  count: number,
): Promise<{ callbackId: number; webhookIds: string[] }> {
  await s.register(app, path);
  const callbackId: number = (await t.http.get('/callback/account_team_update', { auth: app })).body.id;
  const ids = await insertFailedDeliveries(t.dataSource, { appId: app.id, callbackId, url: receiver.url(path) }, count);
  const rows = await t.dataSource.manager.find(DeliveryEntity, { select: { webhookId: true, id: true }, where: { callbackId } });
  expect(rows).toHaveLength(ids.length);
  return { callbackId, webhookIds: rows.map((row) => row.webhookId) };
}

/**
 * Emits `count` events (one every 200 ms) whose deliveries go to `path`, and notes for each how many requests had
 * reached `backlogPath` when it arrived: an event queued behind a backlog arrives only after it.
 * @returns those counts, one per event (`Infinity` for an event that never arrived within 20 s).
 */
export async function backlogAheadOfFresh(
  s: Scenario,
  receiver: CallbackReceiver,
  path: string,
  backlogPath: string,
  count: number,
): Promise<number[]> {
  const ahead: number[] = [];
  for (let index = 0; index < count; index++) {
    const account = await s.emit();
    const deadline = Date.now() + 20_000;
    let arrived: number | undefined;
    while (arrived === undefined && Date.now() < deadline) {
      arrived = receiver.requestsTo(path).find((request) => JSON.parse(request.body).account.id === account.id)?.at;
      if (arrived === undefined) await sleep(10);
    }
    ahead.push(arrived === undefined ? Infinity : receiver.requestsTo(backlogPath).filter((request) => request.at <= arrived).length);
    await sleep(200);
  }
  return ahead;
}

/** Waits until the deliveries `ids` have all left `pending`. @returns them by id. @throws Error after `timeoutMs`. */
export async function settled(t: TestApp, ids: readonly number[], timeoutMs: number): Promise<DeliveryEntity[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.dataSource.manager.find(DeliveryEntity, { where: { id: In([...ids]) }, order: { id: 'ASC' } });
    if (rows.every((row) => row.status !== 'pending')) return rows;
    if (Date.now() > deadline)
      throw new Error(`Deliveries still pending: ${rows.filter((row) => row.status === 'pending').map((row) => row.id)}`);
    await sleep(50);
  }
}

/** The webhook-ids of `webhookIds` that never reached `path`: `[]` when every delivery arrived. */
export function notReceived(receiver: CallbackReceiver, path: string, webhookIds: readonly string[]): string[] {
  const received = new Set(receiver.requestsTo(path).map((request) => request.headers['webhook-id']));
  return webhookIds.filter((id) => !received.has(id));
}

/**
 * Registers `app`'s callback at `url` with `rate_limit: limit` (5 unless given) and gives it `count` deliveries that
 * failed for good. @returns the callback's id and the deliveries' ids.
 */
export async function rateLimitedBacklog(
  t: TestApp,
  app: Credentials & { id: number },
  url: string,
  count: number,
  limit = 5,
): Promise<{ callbackId: number; deliveryIds: number[] }> {
  const put = await t.http.put('/callback/account_team_update', { auth: app, body: { url, secret: WHSEC, rate_limit: limit } });
  expect([put.status, put.body.rate_limit]).toEqual([200, limit]);
  const callbackId: number = put.body.id;
  return { callbackId, deliveryIds: await insertFailedDeliveries(t.dataSource, { appId: app.id, callbackId, url }, count) };
}
