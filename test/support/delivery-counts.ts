import { expect } from 'vitest';
import type { DataSource } from 'typeorm';

import { DELIVERY_STATUSES, type DeliveryStatus } from '../../src/delivery/delivery-status.js';
import type { CallbackReceiver } from './callback-receiver.js';
import { settledDeliveries, sleep } from './deliveries.js';
import type { Scenario } from './delivery-scenario.js';
import type { Credentials, HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

/** Deliveries expected per status (missing: none). */
export type ExpectedCounts = Partial<Record<DeliveryStatus, number>>;

/** Page size of the checks: small, so `pages` is tested too. */
const PER_PAGE = 2;

/**
 * Asserts the exact `results` and `pages` (docs/api.md#pagination) of the app's
 * delivery log for `event`, unfiltered and for each status (answered from the
 * maintained counts), and unfiltered with `since=0` (a count of the rows), against
 * `expected`.
 */
export async function expectLogCounts(http: HttpClient, auth: Credentials, event: string, expected: ExpectedCounts): Promise<void> {
  const log = `/callback/${event}/deliveries?per_page=${PER_PAGE}`;
  const total = DELIVERY_STATUSES.reduce((sum, status) => sum + (expected[status] ?? 0), 0);
  const answers = await Promise.all([
    http.get(log, { auth }),
    http.get(`${log}&since=0`, { auth }),
    ...DELIVERY_STATUSES.map((status) => http.get(`${log}&status=${status}`, { auth })),
  ]);
  const shape = (response: { status: number; body: { results: number; pages: number } }) => ({
    status: response.status,
    results: response.body.results,
    pages: response.body.pages,
  });
  const page = (n: number) => ({ status: 200, results: n, pages: Math.ceil(n / PER_PAGE) });
  expect(answers.map(shape)).toEqual([page(total), page(total), ...DELIVERY_STATUSES.map((status) => page(expected[status] ?? 0))]);
}

/**
 * Asserts that the maintained counts (`delivery_counts`, summed over slots) equal
 * a fresh `COUNT(*)` of the deliveries per app, event type and status.
 */
export async function expectCountsMatchTable(dataSource: DataSource): Promise<void> {
  const normalize = (rows: { appId: number | string; event: string; status: string; n: number | string }[]) =>
    rows
      .map((row) => ({ appId: Number(row.appId), event: row.event, status: row.status, n: Number(row.n) }))
      .filter((row) => row.n !== 0)
      .sort((a, b) => a.appId - b.appId || a.event.localeCompare(b.event) || a.status.localeCompare(b.status));
  const [maintained, counted] = await Promise.all([
    dataSource.query('SELECT app_id AS appId, event, status, SUM(deliveries) AS n FROM delivery_counts GROUP BY app_id, event, status'),
    dataSource.query('SELECT app_id AS appId, event, status, COUNT(*) AS n FROM deliveries GROUP BY app_id, event, status'),
  ]);
  expect(normalize(maintained)).toEqual(normalize(counted));
}

/**
 * Sends a concurrent burst through `t` — `events` events to the scenario's `listener` (every third answered 400) and
 * `other`, ten pings, then as many events again with the redelivery of every failed delivery, a recovery and ten
 * pings of `other` — and asserts that the maintained counts equal a fresh count and the delivery log's totals.
 */
export async function expectCountsExactAfterBurst(t: TestApp, receiver: CallbackReceiver, s: Scenario, events: number): Promise<void> {
  const callback = '/callback/account_team_update';
  await s.register(s.listener, '/burst');
  await s.register(s.other, '/burst-other');
  for (let i = 0; i < 2 * events; i++) receiver.script('/burst', { status: i % 3 === 0 ? 400 : 200 });
  await Promise.all(Array.from({ length: events }, () => s.emit()));
  await Promise.all(Array.from({ length: 10 }, () => t.http.post(`${callback}/ping`, { auth: s.listener, body: {} })));
  const settled = await settledDeliveries(t.dataSource, 2 * events + 10, 30_000);
  const failed = settled.filter((row) => row.appId === s.listener.id && row.status === 'failed');
  expect(failed.length).toBeGreaterThan(0);
  await Promise.all([
    ...Array.from({ length: events }, () => s.emit()),
    ...failed.map((row) => t.http.post(`${callback}/deliveries/${row.id}/redeliver`, { auth: s.listener, body: {} })),
    t.http.post(`${callback}/recover`, { auth: s.listener, body: { since: 0 } }),
    ...Array.from({ length: 10 }, () => t.http.post(`${callback}/ping`, { auth: s.other, body: {} })),
  ]);
  await settledDeliveries(t.dataSource, 4 * events + 20, 30_000);
  // The recovery goes on in the background: settled again after it.
  await sleep(500);
  const rows = await settledDeliveries(t.dataSource, 4 * events + 20, 30_000);
  await expectCountsMatchTable(t.dataSource);
  const tally = (appId: number) =>
    Object.fromEntries(
      ['succeeded', 'failed'].map((status) => [status, rows.filter((row) => row.appId === appId && row.status === status).length]),
    );
  await expectLogCounts(t.http, s.listener, 'account_team_update', tally(s.listener.id));
  await expectLogCounts(t.http, s.other, 'account_team_update', tally(s.other.id));
}
