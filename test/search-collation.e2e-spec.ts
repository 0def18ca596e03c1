import { beforeEach, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { useTestApp } from './support/use-test-app.js';

/** The 422 of a `q` whose characters are all ignorable (docs/api.md#pagination). */
const IGNORABLE_Q = {
  detail: [
    {
      loc: ['query', 'q'],
      msg: 'ensure this value has a character that is not ignored in comparisons (not only U+0000, U+200B, combining marks, ...)',
      type: 'value_error.str.ignorable',
    },
  ],
};

/**
 * `q` compares case and accents by the collation's rules, one character against one, identically on SQLite
 * and MariaDB (this file runs on both), and a `q` of ignorable characters only is a 422
 * (docs/api.md#pagination). The names of each test sort alike in both databases' orders.
 */
describe.each([
  { route: '/accounts/search', kind: 'account' },
  { route: '/teams/search', kind: 'team' },
] as const)('q and the collation on $route', ({ route, kind }) => {
  const { t } = useTestApp({}, { resetEach: true });
  let admin: Credentials;
  beforeEach(async () => {
    admin = await t.createApp(APP_PERMISSIONS);
  });

  /** Creates one account or team per name, in order. @returns each one's resource as `GET /account|team/{id}` answers it. */
  async function seed(names: string[]): Promise<unknown[]> {
    const resources: unknown[] = [];
    for (const [index, name] of names.entries()) {
      let id: string;
      if (kind === 'account') {
        id = String(index + 1);
        await t.insertAccount({ id, name });
      } else {
        const created = await t.http.post('/teams/new', { auth: admin, body: { name } });
        expect(created.status).toBe(201);
        id = String(created.body.id);
      }
      const read = await t.http.get(`/${kind}/${id}`);
      expect(read.status).toBe(200);
      resources.push(read.body);
    }
    return resources;
  }

  /** The answer to `?q=<encoded>` as status and body. */
  async function search(encodedQ: string): Promise<{ status: number; body: unknown }> {
    const response = await t.http.get(`${route}?q=${encodedQ}`);
    return { status: response.status, body: response.body };
  }

  /** A 200 holding exactly `data`, on one page. */
  const found = (data: unknown[]) => ({
    status: 200,
    body: { page: 0, per_page: 20, pages: data.length > 0 ? 1 : 0, results: data.length, data },
  });

  it.each([
    ['U+200B', '%E2%80%8B'],
    ['U+0000', '%00'],
    ['U+200B U+0000 U+0301 U+FEFF', '%E2%80%8B%00%CC%81%EF%BB%BF'],
    ['U+0301 U+0301', '%CC%81%CC%81'],
  ])('422 for a q of ignorable characters only (%s), whatever the names hold', async (_, encodedQ) => {
    await seed(['Anna', `zero${'\u200b'}width`, `nul${'\u0000'}inside`]);
    expect(await search(encodedQ)).toEqual({ status: 422, body: IGNORABLE_Q });
  });

  it('an empty q is no filter', async () => {
    const [anna, bob] = await seed(['Anna', 'Bob']);
    expect(await search('')).toEqual(found([anna, bob]));
  });

  it('e finds é, zoe finds Zoë, ZOË finds zoe', async () => {
    const [chloe, rene, , upper, zoe] = await seed(['Chloé', 'René', 'Bob', 'ZOE', 'Zoë']);
    expect(await search('e')).toEqual(found([chloe, rene, upper, zoe]));
    expect(await search('zoe')).toEqual(found([upper, zoe]));
    expect(await search(encodeURIComponent('ZOË'))).toEqual(found([upper, zoe]));
    expect(await search(encodeURIComponent('é'))).toEqual(found([chloe, rene, upper, zoe]));
  });

  it('case is ignored beyond ASCII', async () => {
    const [plain, accented] = await seed(['emile', 'Émile', 'Bob']);
    expect(await search(encodeURIComponent('ÉMILE'))).toEqual(found([plain, accented]));
    expect(await search('eMiLe')).toEqual(found([plain, accented]));
  });

  it('one character matches one: ß is neither s nor ss, and full-width letters are letters', async () => {
    const [strasse, strasze, wide] = await seed(['Strasse', 'Straße', 'Ｂｏｂ']);
    expect(await search('ss')).toEqual(found([strasse]));
    expect(await search(encodeURIComponent('ß'))).toEqual(found([strasze]));
    expect(await search('STRASSE')).toEqual(found([strasse]));
    expect(await search('bob')).toEqual(found([wide]));
  });

  it('a q with a compared character keeps its ignorable ones: they match an ignorable character of the name', async () => {
    const [withZeroWidth, plain] = await seed([`Wide${'\u200b'}open`, 'Wideopen']);
    expect(await search('eo')).toEqual(found([plain]));
    expect(await search('e%E2%80%8Bo')).toEqual(found([withZeroWidth]));
    expect(await search('e%00o')).toEqual(found([withZeroWidth]));
    expect(await search('%E2%80%8Bo')).toEqual(found([withZeroWidth]));
  });
});
