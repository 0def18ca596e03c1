import { expect } from 'vitest';
import type { DataSource } from 'typeorm';

import { DELIVERY_STATUSES, type DeliveryStatus } from '../../src/delivery/delivery-status.js';
import type { Credentials, HttpClient } from './http-client.js';

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
