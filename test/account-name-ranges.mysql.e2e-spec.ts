import { type Connection, createConnection, type RowDataPacket } from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { AccountNameRanges, NAME_RANGE_TARGET } from '../src/read-model/account-search/account-name-ranges.js';
import { databaseUrlOf } from './support/delivery-processes.js';
import type { Credentials } from './support/http-client.js';
import { StatementCounter } from './support/statement-counter.js';
import { useTestApp } from './support/use-test-app.js';

/** Stored account id `n` (20 digits), and the id the API answers. */
const storedId = (n: number) => String(n).padStart(20, '0');
const apiId = (stored: string) => stored.replace(/^0+(?=\d)/, '');

/** Names that sort together in `utf8mb4_unicode_ci`: case and accents, equal names, names below `''` (a leading tab), spaces. */
function nameOf(n: number): string {
  const letters = ['a', 'A', 'b', 'é', 'E', 'z', 'Ω', ' '];
  if (n % 97 === 0) return '\tearly';
  if (n % 11 === 0) return 'same';
  let name = '';
  for (let k = n * 7919; name.length < 3; k = Math.floor(k / letters.length)) name += letters[k % letters.length];
  return `${name}${n % 13}`;
}

/**
 * The account name ranges (read-model/account-search/account-name-ranges.ts):
 * a deep page of the unfiltered search starts from the range holding its first
 * row. These tests pin down that every page answers what `ORDER BY name, id
 * LIMIT OFFSET` answers, and that the triggers and the cuts keep each range's
 * count exact through inserts, renames and deletes, also while a cut runs.
 */
describe('account name ranges (MySQL)', () => {
  const { t } = useTestApp();
  let admin: Credentials;
  let nextId = 1;

  beforeAll(async () => {
    admin = await t.createApp(APP_PERMISSIONS);
  });

  async function insertAccounts(count: number): Promise<void> {
    const ids = Array.from({ length: count }, () => nextId++);
    await t.dataSource.query(
      `INSERT INTO accounts (id, name, discriminator, permissions, created_at) VALUES ${ids.map(() => "(?, ?, '1', 0, 1)").join(', ')}`,
      ids.flatMap((n) => [storedId(n), nameOf(n)]),
    );
  }

  /** Each range's kept count against a fresh count of its names, and the range sizes. */
  async function ranges(): Promise<{ boundary: string; kept: number; actual: number }[]> {
    const rows: { boundary: string; next: string | null; kept: number }[] = await t.dataSource.query(
      'SELECT r.boundary, LEAD(r.boundary) OVER (ORDER BY r.boundary) AS next, ' +
        '(SELECT COALESCE(SUM(c.accounts), 0) FROM account_name_range_counts c WHERE c.boundary = r.boundary) AS kept ' +
        'FROM account_name_ranges r ORDER BY r.boundary',
    );
    const counted = [];
    for (const [index, row] of rows.entries()) {
      const conditions = [...(index === 0 ? [] : ['name >= ?']), ...(row.next === null ? [] : ['name < ?'])];
      const [{ n }] = await t.dataSource.query(
        `SELECT COUNT(*) AS n FROM accounts${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`,
        [...(index === 0 ? [] : [row.boundary]), ...(row.next === null ? [] : [row.next])],
      );
      counted.push({ boundary: row.boundary, kept: Number(row.kept), actual: Number(n) });
    }
    return counted;
  }

  async function expectPagesAsOffset(pages: [number, number][]): Promise<void> {
    const [{ total }] = await t.dataSource.query('SELECT COUNT(*) AS total FROM accounts');
    for (const [page, perPage] of pages) {
      const expected: { id: string }[] = await t.dataSource.query('SELECT id FROM accounts ORDER BY name, id LIMIT ? OFFSET ?', [
        perPage,
        page * perPage,
      ]);
      const answer = await t.http.get(`/accounts/search?page=${page}&per_page=${perPage}`);
      expect(answer.status, `page ${page} of ${perPage}`).toBe(200);
      expect(answer.body.results).toBe(Number(total));
      expect(
        answer.body.data.map((account: { id: string }) => account.id),
        `page ${page} of ${perPage}`,
      ).toEqual(expected.map((row) => apiId(row.id)));
    }
  }

  it('cuts the ranges that grew past twice the target and keeps each count exact', async () => {
    await insertAccounts(7_000);
    expect(await ranges()).toEqual([{ boundary: '', kept: 7_000, actual: 7_000 }]);

    const added = await t.app.get(AccountNameRanges).cutOversized();
    expect(added).toBeGreaterThanOrEqual(3);
    const cut = await ranges();
    expect(cut).toHaveLength(added + 1);
    for (const range of cut) expect(range.kept, range.boundary).toBe(range.actual);
    expect(cut.reduce((sum, range) => sum + range.kept, 0)).toBe(7_000);
    expect(Math.max(...cut.map((range) => range.kept))).toBeLessThanOrEqual(2 * NAME_RANGE_TARGET);
    expect(await t.app.get(AccountNameRanges).cutOversized()).toBe(0);
  });

  it('answers every page as ORDER BY name, id with OFFSET does, across range boundaries and past the end', async () => {
    const cut = await ranges();
    const pages: [number, number][] = [
      [0, 20],
      [49, 20],
      [50, 20],
      [51, 20],
      [99, 20],
      [124, 20],
      [249, 20],
      [250, 20],
      [10, 100],
      [20, 100],
      [49, 100],
      [45, 100],
    ];
    // The pages holding each boundary's first account, and the one before it.
    let before = 0;
    for (const range of cut) {
      pages.push([Math.floor(before / 20), 20], [Math.max(0, Math.floor(before / 20) - 1), 20], [Math.floor(before / 7), 7]);
      before += range.kept;
    }
    await expectPagesAsOffset(pages);
    const past = await t.http.get('/accounts/search?page=5000&per_page=20');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ page: 5000, per_page: 20, pages: 350, results: 7_000, data: [] });

    // The API keeps the ranges it read; accounts added before a boundary make its count out of date, and the page
    // statement's exact count corrects it.
    await insertAccounts(100);
    await expectPagesAsOffset([
      [100, 20],
      [200, 20],
      [300, 20],
    ]);

    // A page that found the kept ranges out of date has them read afresh by a later page (at most once a second), and
    // from then on one statement answers a deep page again.
    const counter = new StatementCounter(t.dataSource);
    const deep = () => t.http.get('/accounts/search?page=300&per_page=20');
    await insertAccounts(100);
    await deep();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await deep();
    expect(await counter.count(deep)).toBe(1);
  });

  it('keeps each range exact through inserts, renames and deletes racing with cuts and folds', async () => {
    const ranges0 = await t.dataSource.query('SELECT COUNT(*) AS n FROM account_name_ranges');
    const writes: Promise<unknown>[] = [];
    for (let n = 1; n <= 60; n += 1) {
      writes.push(t.http.patch(`/account/${n * 37}`, { auth: admin, body: { name: n % 2 ? `zz renamed ${n}` : `AA renamed ${n}` } }));
      writes.push(t.http.delete(`/account/${3_000 + n * 17}`, { auth: admin }));
    }
    writes.push(insertAccounts(5_000), insertAccounts(3_000));
    // Cuts and folds run again and again while the writes go on.
    let writing = true;
    const cutting = (async () => {
      let passes = 0;
      while (writing || passes === 0) {
        await t.app.get(AccountNameRanges).cutOversized();
        await t.app.get(AccountNameRanges).foldCounters();
        passes += 1;
      }
      return passes;
    })();
    const answers = await Promise.all(writes);
    writing = false;
    expect(await cutting).toBeGreaterThan(0);
    for (const answer of answers.slice(0, 120) as { status: number; body: unknown }[])
      expect([200, 204], JSON.stringify(answer.body)).toContain(answer.status);
    await t.app.get(AccountNameRanges).cutOversized();

    const after = await ranges();
    for (const range of after) expect(range.kept, range.boundary).toBe(range.actual);
    expect(after.length).toBeGreaterThan(Number(ranges0[0].n));
    const [{ total }] = await t.dataSource.query('SELECT COUNT(*) AS total FROM accounts');
    expect(after.reduce((sum, range) => sum + range.kept, 0)).toBe(Number(total));
    await expectPagesAsOffset([
      [0, 20],
      [60, 20],
      [150, 20],
      [300, 20],
      [Math.floor((Number(total) - 1) / 20), 20],
    ]);
  });

  it('lets renames on different counter slots within one range run side by side, and keeps each count exact', async () => {
    // A write share-locks its ranges' boundaries and adds to its connection slot's counter rows (migration
    // ShardedNameRangeCounts1795900000003). With each range counted in its boundary's row, a rename locked that row
    // exclusively until it committed, and the second rename below waited for the first.
    const opened: Connection[] = [];
    const slotOf = async (connection: Connection) => {
      const [[row]] = await connection.query<RowDataPacket[]>('SELECT CONNECTION_ID() % 16 AS slot');
      return Number(row.slot);
    };
    try {
      const first = await createConnection(databaseUrlOf(t.config));
      opened.push(first);
      let second: Connection | undefined;
      while (!second) {
        const connection = await createConnection(databaseUrlOf(t.config));
        opened.push(connection);
        if ((await slotOf(connection)) !== (await slotOf(first))) second = connection;
      }
      // Two accounts far apart, renamed back and forth between two names of the last range: every counter row the
      // renames below write exists already, so only the locks of the ranges could make them wait.
      const [[low]] = await first.query<RowDataPacket[]>('SELECT MIN(id) AS id FROM accounts');
      const [[high]] = await first.query<RowDataPacket[]>('SELECT MAX(id) AS id FROM accounts');
      const [range] = (await ranges()).slice(-1);
      const names = [`${range.boundary} one`, `${range.boundary} two`];
      const rename = (connection: Connection, id: string, name: string) =>
        connection.query('UPDATE accounts SET name = ? WHERE id = ?', [name, id]);
      for (const name of [...names, ...names]) {
        await rename(first, low.id, name);
        await rename(second, high.id, name);
      }
      await first.query('BEGIN');
      await rename(first, low.id, names[0]);
      await second.query('SET SESSION innodb_lock_wait_timeout = 1');
      const [renamed] = await rename(second, high.id, names[0]);
      expect((renamed as { affectedRows: number }).affectedRows).toBe(1);
      await first.query('COMMIT');
    } finally {
      await Promise.all(opened.map((connection) => connection.end()));
    }
    for (const range of await ranges()) expect(range.kept, range.boundary).toBe(range.actual);
  });

  it('folds the counter rows of a range written from more than 4 connection slots into one', async () => {
    const opened: Connection[] = [];
    const slots = new Set<number>();
    const [last] = (await ranges()).slice(-1);
    try {
      while (slots.size < 6) {
        const connection = await createConnection(databaseUrlOf(t.config));
        opened.push(connection);
        const [[row]] = await connection.query<RowDataPacket[]>('SELECT CONNECTION_ID() % 16 AS slot');
        if (slots.has(Number(row.slot))) continue;
        slots.add(Number(row.slot));
        await connection.query("INSERT INTO accounts (id, name, discriminator, permissions, created_at) VALUES (?, ?, '1', 0, 1)", [
          storedId(nextId),
          `${last.boundary} fold ${nextId}`,
        ]);
        nextId += 1;
      }
    } finally {
      await Promise.all(opened.map((connection) => connection.end()));
    }
    const rowsOf = async () =>
      Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM account_name_range_counts WHERE boundary = ?', [last.boundary]))[0].n);
    expect(await rowsOf()).toBeGreaterThanOrEqual(6);

    expect(await t.app.get(AccountNameRanges).foldCounters()).toBeGreaterThanOrEqual(1);
    expect(await rowsOf()).toBe(1);
    for (const range of await ranges()) expect(range.kept, range.boundary).toBe(range.actual);
    expect(await t.app.get(AccountNameRanges).foldCounters()).toBe(0);
  });
});
