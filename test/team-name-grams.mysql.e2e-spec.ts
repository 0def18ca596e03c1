import { beforeAll, describe, expect, it } from 'vitest';

import { LIKE_ESCAPE, likeContains } from '../src/http/pagination.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { expectNameGramIndexConsistent, TEAM_NAME_GRAMS } from './support/name-gram-index.js';
import { StatementCounter } from './support/statement-counter.js';
import { useTestApp } from './support/use-test-app.js';

const NAMES = [
  'Anna',
  'ANNE',
  'Ánnika',
  'Joanne',
  'Hannah',
  'Dan',
  'Émile',
  'emilie',
  'Zoë',
  'ZOE',
  'Straße',
  'Strasse',
  'Ǆemal',
  'Smile 😀',
  'Smile 😁',
  '一二三',
  '⼀二',
  'ﬁsh',
  'fish',
  '50% off',
  '5_0 off',
  'back\\slash',
  'Ñandú',
  'ann ann ann',
  'x',
  'A',
];

const QUERIES = [
  'an',
  'AN',
  'án',
  'nn',
  'a',
  'Ñ',
  'e',
  'É',
  'mil',
  'EMIL',
  'ss',
  'ß',
  'traß',
  'Dž',
  '😀',
  'e 😀',
  '一',
  '⼀',
  '二三',
  'ﬁ',
  'fi',
  '%',
  '_',
  '0%',
  '\\',
  'k\\s',
  'ann ann',
  'xyz',
  'zz',
  'annika',
];

/**
 * `GET /teams/search?q=` on MySQL/MariaDB reads the team names' n-gram index
 * (migration `TeamNameGrams1795900000004`, the accounts' keys) instead of
 * matching every name with `LIKE`. These tests pin down that it answers
 * exactly what `name LIKE '%q%'` answers, page by page, and that the triggers
 * keep it exact through every write to `teams`, the service's or not.
 */
describe('team name n-grams (MySQL)', () => {
  const { t } = useTestApp();
  let admin: Credentials;
  /** The id of each team of {@link NAMES}, by name. */
  const ids = new Map<string, number>();

  beforeAll(async () => {
    await t.reset();
    admin = await t.createApp(APP_PERMISSIONS);
    for (const name of NAMES) {
      const response = await t.http.post('/teams/new', { auth: admin, body: { name } });
      expect(response.status).toBe(201);
      ids.set(name, response.body.id);
    }
  });

  /** Ids of `name LIKE '%q%'` in page order, straight from the table. */
  async function scan(q: string): Promise<number[]> {
    const rows: { id: number }[] = await t.dataSource.query(
      `SELECT id FROM teams WHERE name LIKE ? ESCAPE '${LIKE_ESCAPE}' ORDER BY name, id`,
      [likeContains(q)],
    );
    return rows.map((row) => Number(row.id));
  }

  async function search(q: string, paging = 'per_page=100'): Promise<{ results: number; ids: number[] }> {
    const response = await t.http.get(`/teams/search?q=${encodeURIComponent(q)}&${paging}`);
    expect(response.status).toBe(200);
    return { results: response.body.results, ids: response.body.data.map((team: { id: number }) => team.id) };
  }

  it.each(QUERIES)('q=%s answers the same ids, order and total as a LIKE scan', async (q) => {
    const expected = await scan(q);
    expect(await search(q)).toEqual({ results: expected.length, ids: expected });
  });

  it('tells apart what the collation tells apart in LIKE', async () => {
    const names = async (q: string) => (await search(q)).ids.map((id) => NAMES.find((name) => ids.get(name) === id)).sort();
    expect(await names('ß')).toEqual(['Straße']);
    expect(await names('ss')).toEqual(['Strasse']);
    expect(await names('😀')).toEqual(['Smile 😀']);
    expect(await names('⼀')).toEqual(['⼀二']);
    expect(await names('ﬁ')).toEqual(['ﬁsh']);
    expect(await names('_')).toEqual(['5_0 off']);
    expect(await names('ANNI')).toEqual(['Ánnika']);
    expect(await search('xyz')).toEqual({ results: 0, ids: [] });
  });

  it('pages through the index in (name, id) order, each page one statement', async () => {
    const all = await scan('n');
    expect(all.length).toBeGreaterThan(6);
    const pages: number[] = [];
    const counter = new StatementCounter(t.dataSource);
    for (let page = 0; page * 3 < all.length; page++) {
      let answer: { results: number; ids: number[] } | undefined;
      const statements = await counter.count(async () => {
        answer = await search('n', `per_page=3&page=${page}`);
      });
      expect(statements).toBe(1);
      expect(answer!.results).toBe(all.length);
      pages.push(...answer!.ids);
    }
    expect(pages).toEqual(all);
    // A q of characters whose keys are not known in advance, and longer ones, are one statement too (when they match:
    // an empty page takes a second statement for its total).
    for (const q of ['é', 'Ñ', 'e 😀', 'nna']) expect(await counter.count(() => search(q)), q).toBe(1);
  });

  it('stays exact through renames, case-only renames, deletions and new teams, inside the service or not', async () => {
    const rename = async (name: string, to: string) =>
      expect((await t.http.patch(`/team/${ids.get(name)}`, { auth: admin, body: { name: to } })).status).toBe(200);
    await rename('Anna', 'Bob'); // loses every gram
    await rename('ANNE', 'anne'); // case only: the same keys, a new copy of the name
    await rename('Strasse', 'Strass'); // ß -> ss: the same under "=", other keys
    await rename('Hannah', 'Hannah Hannah'); // keeps its grams, adds some
    expect((await t.http.delete(`/team/${ids.get('Dan')}`, { auth: admin })).status).toBe(204);
    await t.dataSource.query('UPDATE teams SET name = ? WHERE id = ?', ['Zoë Ann', ids.get('ZOE')]);
    await t.dataSource.query('DELETE FROM teams WHERE id = ?', [ids.get('x')]);
    expect((await t.http.post('/teams/new', { auth: admin, body: { name: 'Annabel' } })).status).toBe(201);
    await expectNameGramIndexConsistent(t.dataSource, TEAM_NAME_GRAMS);
    for (const q of QUERIES) {
      const expected = await scan(q);
      expect(await search(q), q).toEqual({ results: expected.length, ids: expected });
    }
  });
});
