import { beforeEach, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS, Permission as P } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { useTestApp } from './support/use-test-app.js';

const CHALLENGE = 'Basic realm="accounts"';
const notFound = (loc: string[], resource: string) => ({ detail: [{ loc, msg: `${resource} not found.`, type: 'value_error.not_found' }] });

describe('accounts (docs/api.md#routes-accounts)', () => {
  const { t } = useTestApp({}, { resetEach: true });

  /** A Team object as docs/api.md#objects shapes it. */
  async function team(name: string, admin: Credentials): Promise<{ id: number; name: string; created_at: number }> {
    const response = await t.http.post('/teams/new', { auth: admin, body: { name } });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function accountCount(): Promise<number> {
    const response = await t.http.get('/accounts/search');
    return response.body.results;
  }

  describe('GET /accounts/signups', () => {
    it('says signups are open by default', async () => {
      const response = await t.http.get('/accounts/signups');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ signups_open: true });
    });
  });

  describe('POST /acounts/new and /accounts/new', () => {
    it.each(['/acounts/new', '/accounts/new'])('%s creates an account with every field', async (path) => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const red = await team('Red', admin);
      const response = await t.http.post(path, {
        auth: admin,
        body: {
          id: '1234',
          name: '  Ann  ',
          discriminator: '0042',
          avatar_url: 'https://cdn.example.com/a.png',
          team: red.id,
          permissions: 12,
        },
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const expected = {
        id: '1234',
        name: 'Ann',
        discriminator: '0042',
        avatar_url: 'https://cdn.example.com/a.png',
        team: { id: red.id, name: 'Red', created_at: red.created_at, member_count: 1, awards: [] },
        permissions: 12,
        created_at: expect.any(Number),
        awards: [],
      };
      expect(response.body).toEqual(expected);
      expect(Math.abs(response.body.created_at - Date.now() / 1000)).toBeLessThan(60);
      expect(response.body.created_at % 1).not.toBe(0);
      const fetched = await t.http.get('/account/1234');
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual({ ...expected, created_at: response.body.created_at });
    });

    it('defaults: no avatar, no team, no permissions; team 0 and null mean no team', async () => {
      const admin = await t.createApp(P.ManageAccountDetails);
      const minimal = { id: 1, name: 'A', discriminator: '1' };
      const base = { avatar_url: null, team: null, permissions: 0, created_at: expect.any(Number), awards: [] };
      expect((await t.http.post('/acounts/new', { auth: admin, body: minimal })).body).toEqual({ ...minimal, id: '1', ...base });
      const zero = await t.http.post('/acounts/new', {
        auth: admin,
        body: { ...minimal, id: 2, team: 0, permissions: 0, avatar_url: null },
      });
      expect(zero.status).toBe(201);
      expect(zero.body).toEqual({ ...minimal, id: '2', ...base });
      const nulls = await t.http.post('/acounts/new', { auth: admin, body: { ...minimal, id: 3, team: null, permissions: null } });
      expect(nulls.status).toBe(201);
      expect(nulls.body).toEqual({ ...minimal, id: '3', ...base });
    });

    it.each([
      ['a JSON number above 2^53', '18446744073709551615', '18446744073709551615'],
      ['a JSON number just above 2^53', '9007199254740993', '9007199254740993'],
      ['a string above 2^53', '"9007199254740993"', '9007199254740993'],
      ['a string with leading zeros', '"000777"', '777'],
    ])('keeps an id sent as %s exactly', async (_what, raw, id) => {
      const admin = await t.createApp(P.ManageAccountDetails);
      const response = await t.http.post('/acounts/new', { auth: admin, rawBody: `{"id": ${raw}, "name": "Big", "discriminator": "1"}` });
      expect(response.status).toBe(201);
      expect(response.body.id).toBe(id);
      expect(response.text).toContain(`"id":"${id}"`);
      expect((await t.http.get(`/account/${id}`)).body.id).toBe(id);
    });

    it('409 when the id is already registered, whatever its spelling', async () => {
      const admin = await t.createApp(P.ManageAccountDetails);
      expect((await t.http.post('/acounts/new', { auth: admin, body: { id: 42, name: 'A', discriminator: '1' } })).status).toBe(201);
      for (const id of [42, '42', '0042']) {
        const response = await t.http.post('/accounts/new', { auth: admin, body: { id, name: 'B', discriminator: '2' } });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ detail: 'An account with this id is already registered.' });
      }
      expect((await t.http.get('/account/42')).body.name).toBe('A');
    });

    it('401 without credentials, with a Basic challenge', async () => {
      const response = await t.http.post('/acounts/new', { body: { id: 1, name: 'A', discriminator: '1' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect(response.body).toEqual({ detail: 'Authentication required.' });
      expect(await accountCount()).toBe(0);
    });

    it('403 without manage_account_details, for apps and users', async () => {
      const app = await t.createApp(APP_PERMISSIONS & ~P.ManageAccountDetails);
      const response = await t.http.post('/acounts/new', { auth: app, body: { id: 1, name: 'A', discriminator: '1' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Missing permission: manage_account_details.' });
      await t.insertAccount({ id: '9', permissions: 111 & ~P.ManageAccountDetails });
      const user = await t.login('9');
      expect((await t.http.post('/acounts/new', { auth: user, body: { id: 1, name: 'A', discriminator: '1' } })).status).toBe(403);
      expect(await accountCount()).toBe(1);
    });

    it('a user with manage_account_details may create accounts', async () => {
      await t.insertAccount({ id: '9', permissions: P.ManageAccountDetails });
      const user = await t.login('9');
      const response = await t.http.post('/acounts/new', { auth: user, body: { id: 1, name: 'A', discriminator: '1' } });
      expect(response.status).toBe(201);
    });

    it('422 for an unknown team, and nothing is created', async () => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const response = await t.http.post('/acounts/new', { auth: admin, body: { id: 1, name: 'A', discriminator: '1', team: 999 } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(notFound(['body', 'team'], 'Team'));
      expect(await accountCount()).toBe(0);
    });

    describe('permissions on creation (docs/api.md#permissions)', () => {
      it('grants what the caller holds along with manage_permissions', async () => {
        const app = await t.createApp(P.ManageAccountDetails | P.ManagePermissions | P.ManageTeams);
        const response = await t.http.post('/acounts/new', {
          auth: app,
          body: { id: 1, name: 'A', discriminator: '1', permissions: P.ManageTeams },
        });
        expect(response.status).toBe(201);
        expect(response.body.permissions).toBe(P.ManageTeams);
      });

      it('403 without manage_permissions', async () => {
        const app = await t.createApp(APP_PERMISSIONS & ~P.ManagePermissions);
        const response = await t.http.post('/acounts/new', {
          auth: app,
          body: { id: 1, name: 'A', discriminator: '1', permissions: P.ManageTeams },
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: 'You may not grant these permissions.' });
        expect(await accountCount()).toBe(0);
      });

      it('403 for a permission the caller does not hold', async () => {
        const app = await t.createApp(P.ManageAccountDetails | P.ManagePermissions);
        const response = await t.http.post('/acounts/new', {
          auth: app,
          body: { id: 1, name: 'A', discriminator: '1', permissions: P.ManageAwards },
        });
        expect(response.status).toBe(403);
      });

      it('403 for authenticate_users, even from an app holding everything', async () => {
        const app = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.post('/acounts/new', {
          auth: app,
          body: { id: 1, name: 'A', discriminator: '1', permissions: P.AuthenticateUsers },
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: 'authenticate_users can never be granted to an account.' });
        expect(await accountCount()).toBe(0);
      });

      it('manage_own_team: a manage_own_team member may create a teammate holding it', async () => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const red = await team('Red', admin);
        await t.insertAccount({ id: '9', permissions: P.ManageOwnTeam | P.ManageAccountDetails, teamId: red.id });
        const user = await t.login('9');
        const body = { id: 1, name: 'A', discriminator: '1', permissions: P.ManageOwnTeam };
        expect((await t.http.post('/acounts/new', { auth: user, body })).status).toBe(403);
        const response = await t.http.post('/acounts/new', { auth: user, body: { ...body, team: red.id } });
        expect(response.status).toBe(201);
        expect(response.body.permissions).toBe(P.ManageOwnTeam);
      });

      it.each([128, 255, -1, 1.5, '1', true, [1]])('422 for permissions %j', async (permissions) => {
        const app = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.post('/acounts/new', { auth: app, body: { id: 1, name: 'A', discriminator: '1', permissions } });
        expect(response.status).toBe(422);
        expect(response.body.detail).toEqual([{ loc: ['body', 'permissions'], msg: expect.any(String), type: expect.any(String) }]);
        expect(await accountCount()).toBe(0);
      });
    });

    describe('validation (docs/api.md#validation)', () => {
      const valid = { id: '1', name: 'Ann', discriminator: '0001' };

      it.each([
        ['id missing', { id: undefined }, 'id', 'value_error.missing'],
        ['name missing', { name: undefined }, 'name', 'value_error.missing'],
        ['discriminator missing', { discriminator: undefined }, 'discriminator', 'value_error.missing'],
        ['name null', { name: null }, 'name', 'value_error.missing'],
        ['name blank after trimming', { name: '   ' }, 'name', 'value_error.any_str.length'],
        ['name empty', { name: '' }, 'name', 'value_error.any_str.length'],
        ['name of 256 characters', { name: 'x'.repeat(256) }, 'name', 'value_error.any_str.length'],
        ['name a list', { name: ['Ann'] }, 'name', 'type_error.str'],
        ['name a number', { name: 5 }, 'name', 'type_error.str'],
        ['discriminator empty', { discriminator: '' }, 'discriminator', 'value_error.any_str.length'],
        ['discriminator of 33 characters', { discriminator: '1'.repeat(33) }, 'discriminator', 'value_error.any_str.length'],
        ['avatar_url not a URL', { avatar_url: 'not a url' }, 'avatar_url', 'value_error.url'],
        ['avatar_url relative', { avatar_url: '/a.png' }, 'avatar_url', 'value_error.url'],
        ['avatar_url ftp', { avatar_url: 'ftp://example.com/a.png' }, 'avatar_url', 'value_error.url'],
        ['avatar_url javascript', { avatar_url: 'javascript:alert(1)' }, 'avatar_url', 'value_error.url'],
        [
          'avatar_url over 2048 characters',
          { avatar_url: `https://example.com/${'a'.repeat(2029)}` },
          'avatar_url',
          'value_error.any_str.max_length',
        ],
        ['avatar_url a number', { avatar_url: 5 }, 'avatar_url', 'type_error.str'],
        ['team a string', { team: '1' }, 'team', 'type_error.integer'],
        ['team a fraction', { team: 1.5 }, 'team', 'type_error.integer'],
        ['team negative', { team: -1 }, 'team', 'value_error.number.not_ge'],
        ['team a list', { team: [1] }, 'team', 'type_error.integer'],
        ['id negative', { id: -1 }, 'id', 'type_error.integer'],
        ['id a negative string', { id: '-1' }, 'id', 'type_error.integer'],
        ['id a fraction', { id: 1.5 }, 'id', 'type_error.integer'],
        ['id letters', { id: 'abc' }, 'id', 'type_error.integer'],
        ['id empty', { id: '' }, 'id', 'type_error.integer'],
        ['id 2^64 as a string', { id: '18446744073709551616' }, 'id', 'type_error.integer'],
        ['id a list', { id: [1] }, 'id', 'type_error.integer'],
        ['id a boolean', { id: true }, 'id', 'type_error.integer'],
        ['id an object', { id: { n: 1 } }, 'id', 'type_error.integer'],
      ])('422 for %s, and nothing is created', async (_what, change, field, type) => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.post('/acounts/new', { auth: admin, body: { ...valid, ...change } });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [{ loc: ['body', field], msg: expect.any(String), type }] });
        expect(await accountCount()).toBe(0);
      });

      it.each([
        ['2^64', '18446744073709551616'],
        ['a negative number beyond 2^53', '-18446744073709551615'],
        ['an exponent beyond 2^53', '1e30'],
      ])('422 for an id sent as the JSON number %s', async (_what, raw) => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.post('/acounts/new', { auth: admin, rawBody: `{"id": ${raw}, "name": "A", "discriminator": "1"}` });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({
          detail: [{ loc: ['body', 'id'], msg: 'value is not a valid account id', type: 'type_error.integer' }],
        });
      });

      it('reports every invalid field at once', async () => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.post('/acounts/new', { auth: admin, body: { name: '', team: 'x' } });
        expect(response.status).toBe(422);
        expect(response.body.detail.map((item: { loc: string[] }) => item.loc)).toEqual([
          ['body', 'id'],
          ['body', 'name'],
          ['body', 'discriminator'],
          ['body', 'team'],
        ]);
        expect(response.body.detail[0]).toEqual({ loc: ['body', 'id'], msg: 'field required', type: 'value_error.missing' });
      });

      it('accepts the bounds: 255 characters after trimming, 32-character discriminator, 2048-character URL, localhost URL', async () => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const name = 'é'.repeat(255);
        const avatar = `http://localhost/${'a'.repeat(2048 - 17)}`;
        const response = await t.http.post('/acounts/new', {
          auth: admin,
          body: { id: 1, name: `  ${name}  `, discriminator: 'd'.repeat(32), avatar_url: avatar },
        });
        expect(response.status).toBe(201);
        expect(response.body).toMatchObject({ name, discriminator: 'd'.repeat(32), avatar_url: avatar });
        expect((await t.http.get('/account/1')).body.name).toBe(name);
      });

      it('counts characters, not UTF-16 units: 255 emoji are a valid name', async () => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const name = '😀'.repeat(255);
        const response = await t.http.post('/acounts/new', { auth: admin, body: { id: 1, name, discriminator: '1' } });
        expect(response.status).toBe(201);
        expect((await t.http.get('/account/1')).body.name).toBe(name);
      });

      it('ignores unknown fields', async () => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.post('/acounts/new', { auth: admin, body: { ...valid, created_at: 5, awards: [1], color: 'red' } });
        expect(response.status).toBe(201);
        expect(Object.keys(response.body).sort()).toEqual([
          'avatar_url',
          'awards',
          'created_at',
          'discriminator',
          'id',
          'name',
          'permissions',
          'team',
        ]);
        expect(response.body.awards).toEqual([]);
      });
    });
  });

  describe('signups closed', () => {
    const { t: closed } = useTestApp({ SIGNUPS_OPEN: 'false' });

    it('GET /accounts/signups says so', async () => {
      expect((await closed.http.get('/accounts/signups')).body).toEqual({ signups_open: false });
    });

    it.each(['/acounts/new', '/accounts/new'])('%s is 403 and creates nothing', async (path) => {
      const admin = await closed.createApp(APP_PERMISSIONS);
      const response = await closed.http.post(path, { auth: admin, body: { id: 1, name: 'A', discriminator: '1' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Signups are closed.' });
      expect((await closed.http.get('/account/1')).status).toBe(422);
    });
  });

  describe('GET /accounts/search', () => {
    async function seed(names: [string, string][], teamId: number | null = null) {
      for (const [id, name] of names) await t.insertAccount({ id, name, teamId });
    }
    const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((account) => account.id);

    it('lists everything ordered by (name, id), ids compared as numbers', async () => {
      await seed([
        ['10', 'bob'],
        ['9', 'bob'],
        ['18446744073709551615', 'bob'],
        ['100', 'bob'],
        ['5', 'alice'],
        ['6', 'carol'],
      ]);
      const response = await t.http.get('/accounts/search');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ page: 0, per_page: 20, pages: 1, results: 6, data: expect.any(Array) });
      expect(ids(response)).toEqual(['5', '9', '10', '100', '18446744073709551615', '6']);
      expect(response.body.data[0]).toEqual({
        id: '5',
        name: 'alice',
        discriminator: '0001',
        avatar_url: null,
        team: null,
        permissions: 0,
        created_at: expect.any(Number),
        awards: [],
      });
    });

    it('paginates, zero-based; a page past the end is empty', async () => {
      await seed([1, 2, 3, 4, 5].map((n) => [String(n), `user ${n}`]));
      const page = (n: number) => t.http.get(`/accounts/search?per_page=2&page=${n}`);
      expect((await page(0)).body).toMatchObject({ page: 0, per_page: 2, pages: 3, results: 5 });
      expect(ids(await page(0))).toEqual(['1', '2']);
      expect(ids(await page(1))).toEqual(['3', '4']);
      expect(ids(await page(2))).toEqual(['5']);
      const past = await page(3);
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ page: 3, per_page: 2, pages: 3, results: 5, data: [] });
      expect((await t.http.get('/accounts/search?per_page=100&page=1000000')).body).toEqual({
        page: 1000000,
        per_page: 100,
        pages: 1,
        results: 5,
        data: [],
      });
    });

    it('an empty result has zero pages', async () => {
      expect((await t.http.get('/accounts/search?q=nobody')).body).toEqual({ page: 0, per_page: 20, pages: 0, results: 0, data: [] });
    });

    it.each([
      ['page=-1', 'page', 'value_error.number.not_ge'],
      ['page=abc', 'page', 'type_error.integer'],
      ['page=1.5', 'page', 'type_error.integer'],
      ['page=', 'page', 'type_error.integer'],
      ['per_page=0', 'per_page', 'value_error.number.not_ge'],
      ['per_page=101', 'per_page', 'value_error.number.not_le'],
      ['per_page=x', 'per_page', 'type_error.integer'],
      ['page=1&page=2', 'page', 'type_error.integer'],
      ['team=abc', 'team', 'type_error.integer'],
      ['team=-1', 'team', 'value_error.number.not_ge'],
      ['team=1.5', 'team', 'type_error.integer'],
    ])('422 for %s', async (query, field, type) => {
      const response = await t.http.get(`/accounts/search?${query}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['query', field], msg: expect.any(String), type }] });
    });

    it('accepts per_page 1 and 100', async () => {
      await seed([['1', 'a']]);
      expect((await t.http.get('/accounts/search?per_page=1')).body.pages).toBe(1);
      expect((await t.http.get('/accounts/search?per_page=100')).body.per_page).toBe(100);
    });

    it('q is a case-insensitive substring of the name', async () => {
      await seed([
        ['1', 'Annabel'],
        ['2', 'JOANNA'],
        ['3', 'Bob'],
      ]);
      const response = await t.http.get('/accounts/search?q=aNn');
      expect(ids(response)).toEqual(['1', '2']);
      expect(response.body.results).toBe(2);
    });

    it('q ignores case beyond ASCII', async () => {
      await seed([
        ['1', 'ÉMILE'],
        ['2', 'émile'],
        ['3', 'Zoë'],
        ['4', 'Bob'],
      ]);
      expect(ids(await t.http.get(`/accounts/search?q=${encodeURIComponent('Émi')}`))).toEqual(['1', '2']);
      expect(ids(await t.http.get(`/accounts/search?q=${encodeURIComponent('ZOË')}`))).toEqual(['3']);
    });

    it.each([
      ['%', ['2']],
      ['_', ['3']],
      ['\\', ['4']],
      ['!', ['5']],
      ['a%b', ['2']],
      ["'", ['6']],
    ])('q=%s matches itself literally', async (q, expected) => {
      await seed([
        ['1', 'ab plain'],
        ['2', 'a%b percent'],
        ['3', 'a_b underscore'],
        ['4', 'a\\b backslash'],
        ['5', 'a!b bang'],
        ['6', "o'brien"],
      ]);
      const response = await t.http.get(`/accounts/search?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      expect(ids(response)).toEqual(expected);
    });

    it('team=<id> lists that team, team=0 accounts without a team, combined with q', async () => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const red = await team('Red', admin);
      const blue = await team('Blue', admin);
      await seed(
        [
          ['1', 'ann'],
          ['2', 'bob'],
        ],
        red.id,
      );
      await seed([['3', 'anna']], blue.id);
      await seed([
        ['4', 'annie'],
        ['5', 'zed'],
      ]);
      expect(ids(await t.http.get(`/accounts/search?team=${red.id}`))).toEqual(['1', '2']);
      const inRed = await t.http.get(`/accounts/search?team=${red.id}&q=an`);
      expect(ids(inRed)).toEqual(['1']);
      expect(inRed.body.data[0].team).toEqual({ id: red.id, name: 'Red', created_at: red.created_at, member_count: 2, awards: [] });
      expect(ids(await t.http.get('/accounts/search?team=0'))).toEqual(['4', '5']);
      expect(ids(await t.http.get('/accounts/search?team=0&q=ann'))).toEqual(['4']);
    });

    it('422 for an unknown team', async () => {
      const response = await t.http.get('/accounts/search?team=999');
      expect(response.status).toBe(422);
      expect(response.body).toEqual(notFound(['query', 'team'], 'Team'));
    });

    it('401 with bad credentials, even though public', async () => {
      const response = await t.http.get('/accounts/search', { auth: { username: 'A1', password: 'wrong' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    });
  });

  describe('GET /account/{account}', () => {
    it('returns the account, anonymously or authenticated', async () => {
      await t.insertAccount({ id: '7', name: 'Seven', avatarUrl: 'https://x.example/a.png', permissions: 5, createdAt: 1700000000.25 });
      const expected = {
        id: '7',
        name: 'Seven',
        discriminator: '0001',
        avatar_url: 'https://x.example/a.png',
        team: null,
        permissions: 5,
        created_at: 1700000000.25,
        awards: [],
      };
      expect((await t.http.get('/account/7')).body).toEqual(expected);
      const user = await t.login('7');
      const response = await t.http.get('/account/007', { auth: user });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expected);
    });

    it.each(['1', '18446744073709551615', '18446744073709551616', '99999999999999999999999999999999999'])(
      '422 not found for %s',
      async (id) => {
        const response = await t.http.get(`/account/${id}`);
        expect(response.status).toBe(422);
        expect(response.body).toEqual(notFound(['path', 'account'], 'Account'));
      },
    );

    it.each(['abc', '-1', '1.5', '1e3', '%20'])('422 for the non-integer id %s', async (id) => {
      const response = await t.http.get(`/account/${id}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['path', 'account'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
      });
    });
  });

  describe('PATCH /account/{account}', () => {
    it('changes name, discriminator and avatar with manage_account_details', async () => {
      const app = await t.createApp(P.ManageAccountDetails);
      await t.insertAccount({ id: '7', name: 'Old', createdAt: 1700000000.5 });
      const response = await t.http.patch('/account/7', {
        auth: app,
        body: { name: ' New ', discriminator: '9999', avatar_url: 'http://img.example/n.png' },
      });
      expect(response.status).toBe(200);
      const expected = {
        id: '7',
        name: 'New',
        discriminator: '9999',
        avatar_url: 'http://img.example/n.png',
        team: null,
        permissions: 0,
        created_at: 1700000000.5,
        awards: [],
      };
      expect(response.body).toEqual(expected);
      expect((await t.http.get('/account/7')).body).toEqual(expected);
      const cleared = await t.http.patch('/account/7', { auth: app, body: { avatar_url: null } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.avatar_url).toBeNull();
    });

    it('an empty body changes nothing', async () => {
      await t.insertAccount({ id: '7', name: 'Same' });
      const response = await t.http.patch('/account/7', { body: {} });
      expect(response.status).toBe(200);
      expect(response.body.name).toBe('Same');
    });

    it('401 without credentials for a field that needs a permission', async () => {
      await t.insertAccount({ id: '7', name: 'Old' });
      const response = await t.http.patch('/account/7', { body: { name: 'New' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect((await t.http.get('/account/7')).body.name).toBe('Old');
    });

    it('403 for details without manage_account_details, even for oneself', async () => {
      await t.insertAccount({ id: '7', name: 'Old', permissions: 111 & ~P.ManageAccountDetails });
      const self = await t.login('7');
      const response = await t.http.patch('/account/7', { auth: self, body: { name: 'New' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'You need manage_account_details to change name, discriminator or avatar_url.' });
      const app = await t.createApp(APP_PERMISSIONS & ~P.ManageAccountDetails);
      expect((await t.http.patch('/account/7', { auth: app, body: { avatar_url: null } })).status).toBe(403);
      expect((await t.http.get('/account/7')).body.name).toBe('Old');
    });

    it('422 for an unknown account', async () => {
      const app = await t.createApp(APP_PERMISSIONS);
      const response = await t.http.patch('/account/8', { auth: app, body: { name: 'X' } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(notFound(['path', 'account'], 'Account'));
    });

    it.each([
      ['name', ''],
      ['name', '  '],
      ['name', 'x'.repeat(256)],
      ['name', ['x']],
      ['name', null],
      ['discriminator', null],
      ['discriminator', 'x'.repeat(33)],
      ['discriminator', 5],
      ['avatar_url', 'nope'],
      ['team', '1'],
      ['team', -1],
      ['grant_permissions', 128],
      ['grant_permissions', -1],
      ['grant_permissions', '1'],
      ['grant_permissions', null],
      ['revoke_permissions', 256],
      ['revoke_permissions', 0.5],
    ])('422 for %s=%j, and nothing changes', async (field, value) => {
      const app = await t.createApp(APP_PERMISSIONS);
      await t.insertAccount({ id: '7', name: 'Old' });
      const response = await t.http.patch('/account/7', { auth: app, body: { discriminator: '2', [field]: value } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body', field], msg: expect.any(String), type: expect.any(String) }] });
      expect((await t.http.get('/account/7')).body).toMatchObject({ name: 'Old', discriminator: '0001' });
    });

    describe('team (docs/api.md#team-membership)', () => {
      let admin: Credentials;
      let red: { id: number; name: string; created_at: number };
      let blue: { id: number; name: string; created_at: number };
      beforeEach(async () => {
        admin = await t.createApp(APP_PERMISSIONS);
        red = await team('Red', admin);
        blue = await team('Blue', admin);
      });

      it('manage_account_teams moves anyone; the team object is returned with its new member count', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        const app = await t.createApp(P.ManageAccountTeams);
        const response = await t.http.patch('/account/7', { auth: app, body: { team: blue.id } });
        expect(response.status).toBe(200);
        expect(response.body.team).toEqual({ id: blue.id, name: 'Blue', created_at: blue.created_at, member_count: 1, awards: [] });
        expect((await t.http.get(`/team/${red.id}`)).body.member_count).toBe(0);
        const removed = await t.http.patch('/account/7', { auth: app, body: { team: 0 } });
        expect(removed.status).toBe(200);
        expect(removed.body.team).toBeNull();
      });

      it('null removes from the team like 0', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        const response = await t.http.patch('/account/7', { auth: admin, body: { team: null } });
        expect(response.status).toBe(200);
        expect(response.body.team).toBeNull();
      });

      it('an account may join any team and leave, without any permission', async () => {
        await t.insertAccount({ id: '7' });
        const self = await t.login('7');
        const joined = await t.http.patch('/account/7', { auth: self, body: { team: red.id } });
        expect(joined.status).toBe(200);
        expect(joined.body.team.id).toBe(red.id);
        expect((await t.http.patch('/account/7', { auth: self, body: { team: blue.id } })).body.team.id).toBe(blue.id);
        const left = await t.http.patch('/account/7', { auth: self, body: { team: 0 } });
        expect(left.status).toBe(200);
        expect(left.body.team).toBeNull();
      });

      it('a manage_own_team member may remove a teammate', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        await t.insertAccount({ id: '8', teamId: red.id, permissions: P.ManageOwnTeam });
        const captain = await t.login('8');
        const response = await t.http.patch('/account/7', { auth: captain, body: { team: 0 } });
        expect(response.status).toBe(200);
        expect(response.body.team).toBeNull();
      });

      it('but not move a teammate to another team', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        await t.insertAccount({ id: '8', teamId: red.id, permissions: P.ManageOwnTeam });
        const response = await t.http.patch('/account/7', { auth: await t.login('8'), body: { team: blue.id } });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: "You may not change this account's team." });
        expect((await t.http.get('/account/7')).body.team.id).toBe(red.id);
      });

      it('nor remove a member of another team', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        await t.insertAccount({ id: '8', teamId: blue.id, permissions: P.ManageOwnTeam });
        expect((await t.http.patch('/account/7', { auth: await t.login('8'), body: { team: 0 } })).status).toBe(403);
      });

      it('a member without manage_own_team may not remove a teammate', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        await t.insertAccount({ id: '8', teamId: red.id, permissions: 111 & ~P.ManageOwnTeam & ~P.ManageAccountTeams });
        expect((await t.http.patch('/account/7', { auth: await t.login('8'), body: { team: 0 } })).status).toBe(403);
      });

      it('an app without manage_account_teams may not move anyone', async () => {
        await t.insertAccount({ id: '7' });
        const app = await t.createApp(APP_PERMISSIONS & ~P.ManageAccountTeams);
        expect((await t.http.patch('/account/7', { auth: app, body: { team: red.id } })).status).toBe(403);
      });

      it('401 without credentials', async () => {
        await t.insertAccount({ id: '7' });
        expect((await t.http.patch('/account/7', { body: { team: red.id } })).status).toBe(401);
      });

      it('422 for an unknown team, and nothing changes', async () => {
        await t.insertAccount({ id: '7', teamId: red.id });
        const response = await t.http.patch('/account/7', { auth: admin, body: { team: 999, discriminator: '5' } });
        expect(response.status).toBe(422);
        expect(response.body).toEqual(notFound(['body', 'team'], 'Team'));
        expect((await t.http.get('/account/7')).body).toMatchObject({ discriminator: '0001', team: { id: red.id } });
      });

      it('a huge team id is an unknown team, not a 500', async () => {
        await t.insertAccount({ id: '7' });
        const response = await t.http.patch('/account/7', { auth: admin, body: { team: 2 ** 40 } });
        expect(response.status).toBe(422);
        expect(response.body).toEqual(notFound(['body', 'team'], 'Team'));
      });
    });

    describe('grant_permissions and revoke_permissions (docs/api.md#permissions)', () => {
      it('grants and revokes with manage_permissions and the bits', async () => {
        const app = await t.createApp(P.ManagePermissions | P.ManageTeams | P.ManageAwards);
        await t.insertAccount({ id: '7', permissions: P.ManageAwards });
        const response = await t.http.patch('/account/7', {
          auth: app,
          body: { grant_permissions: P.ManageTeams, revoke_permissions: P.ManageAwards },
        });
        expect(response.status).toBe(200);
        expect(response.body.permissions).toBe(P.ManageTeams);
        expect((await t.http.get('/account/7')).body.permissions).toBe(P.ManageTeams);
      });

      it('0 needs no permission', async () => {
        await t.insertAccount({ id: '7', permissions: 4 });
        const response = await t.http.patch('/account/7', { body: { grant_permissions: 0, revoke_permissions: 0 } });
        expect(response.status).toBe(200);
        expect(response.body.permissions).toBe(4);
      });

      it('403 without manage_permissions, or for a bit the caller lacks', async () => {
        await t.insertAccount({ id: '7' });
        const noManage = await t.createApp(APP_PERMISSIONS & ~P.ManagePermissions);
        expect((await t.http.patch('/account/7', { auth: noManage, body: { grant_permissions: P.ManageTeams } })).status).toBe(403);
        const partial = await t.createApp(P.ManagePermissions | P.ManageTeams);
        const response = await t.http.patch('/account/7', { auth: partial, body: { revoke_permissions: P.ManageTeams | P.ManageAwards } });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: 'You may not revoke these permissions.' });
      });

      it('403 for granting authenticate_users', async () => {
        await t.insertAccount({ id: '7' });
        const app = await t.createApp(APP_PERMISSIONS);
        const response = await t.http.patch('/account/7', { auth: app, body: { grant_permissions: P.AuthenticateUsers } });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: 'authenticate_users can never be granted to an account.' });
        expect((await t.http.get('/account/7')).body.permissions).toBe(0);
      });

      it('401 without credentials', async () => {
        await t.insertAccount({ id: '7' });
        expect((await t.http.patch('/account/7', { body: { grant_permissions: 1 } })).status).toBe(401);
      });

      it('manage_own_team: a manage_own_team teammate may grant and revoke it, a member of another team may not', async () => {
        const admin = await t.createApp(APP_PERMISSIONS);
        const red = await team('Red', admin);
        const blue = await team('Blue', admin);
        await t.insertAccount({ id: '7', teamId: red.id });
        await t.insertAccount({ id: '8', teamId: red.id, permissions: P.ManageOwnTeam });
        await t.insertAccount({ id: '9', teamId: blue.id, permissions: P.ManageOwnTeam });
        const outsider = await t.login('9');
        expect((await t.http.patch('/account/7', { auth: outsider, body: { grant_permissions: P.ManageOwnTeam } })).status).toBe(403);
        const captain = await t.login('8');
        const granted = await t.http.patch('/account/7', { auth: captain, body: { grant_permissions: P.ManageOwnTeam } });
        expect(granted.status).toBe(200);
        expect(granted.body.permissions).toBe(P.ManageOwnTeam);
        expect((await t.http.patch('/account/7', { auth: outsider, body: { revoke_permissions: P.ManageOwnTeam } })).status).toBe(403);
        const revoked = await t.http.patch('/account/7', { auth: captain, body: { revoke_permissions: P.ManageOwnTeam } });
        expect(revoked.status).toBe(200);
        expect(revoked.body.permissions).toBe(0);
        expect(
          (await t.http.patch('/account/7', { auth: captain, body: { grant_permissions: P.ManageOwnTeam | P.ManageAwards } })).status,
        ).toBe(403);
      });

      it('manage_own_team: manage_permissions with manage_teams may grant it anywhere', async () => {
        await t.insertAccount({ id: '7' });
        const app = await t.createApp(P.ManagePermissions | P.ManageTeams);
        const response = await t.http.patch('/account/7', { auth: app, body: { grant_permissions: P.ManageOwnTeam } });
        expect(response.status).toBe(200);
        expect(response.body.permissions).toBe(P.ManageOwnTeam);
      });
    });

    it('is atomic: an allowed field with a forbidden one changes nothing', async () => {
      await t.insertAccount({ id: '7', name: 'Old' });
      const app = await t.createApp(P.ManageAccountDetails);
      const response = await t.http.patch('/account/7', { auth: app, body: { name: 'New', grant_permissions: P.ManageAwards } });
      expect(response.status).toBe(403);
      expect((await t.http.get('/account/7')).body).toMatchObject({ name: 'Old', permissions: 0 });
    });

    it('422 for a non-integer path id', async () => {
      const response = await t.http.patch('/account/abc', { body: {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['path', 'account'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
      });
    });
  });

  describe('concurrent requests', () => {
    it('one of many simultaneous creations of an id wins; the others are 409, never 500', async () => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.http.post('/acounts/new', { auth: admin, body: { id: 1, name: `A${i}`, discriminator: '1' } }),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect(await accountCount()).toBe(1);
    });

    it('simultaneous team moves of one account leave it in exactly one team', async () => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const teams = await Promise.all(Array.from({ length: 10 }, (_, i) => team(`T${i}`, admin)));
      await t.insertAccount({ id: '1' });
      const responses = await Promise.all(teams.map((each) => t.http.patch('/account/1', { auth: admin, body: { team: each.id } })));
      expect(responses.map((response) => response.status)).toEqual(teams.map(() => 200));
      const counts = await Promise.all(teams.map(async (each) => (await t.http.get(`/team/${each.id}`)).body.member_count as number));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    });
  });

  describe('DELETE /account/{account}', () => {
    it('204 with manage_account_details; the account, its sessions and its team membership go', async () => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const red = await team('Red', admin);
      await t.insertAccount({ id: '7', teamId: red.id });
      const session = await t.login('7');
      const app = await t.createApp(P.ManageAccountDetails);
      const response = await t.http.delete('/account/7', { auth: app });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await t.http.get('/account/7')).status).toBe(422);
      expect((await t.http.get(`/team/${red.id}`)).body.member_count).toBe(0);
      expect((await t.http.get('/auth/me', { auth: session })).status).toBe(401);
    });

    it('204 for the account itself, without any permission', async () => {
      await t.insertAccount({ id: '7' });
      const self = await t.login('7');
      expect((await t.http.delete('/account/7', { auth: self })).status).toBe(204);
      expect((await t.http.get('/account/7')).status).toBe(422);
    });

    it('403 for another account without manage_account_details', async () => {
      await t.insertAccount({ id: '7' });
      await t.insertAccount({ id: '8', permissions: 111 & ~P.ManageAccountDetails });
      const response = await t.http.delete('/account/7', { auth: await t.login('8') });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'You need manage_account_details to delete another account.' });
      const app = await t.createApp(APP_PERMISSIONS & ~P.ManageAccountDetails);
      expect((await t.http.delete('/account/7', { auth: app })).status).toBe(403);
      expect((await t.http.get('/account/7')).status).toBe(200);
    });

    it('401 without credentials', async () => {
      await t.insertAccount({ id: '7' });
      const response = await t.http.delete('/account/7');
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect((await t.http.get('/account/7')).status).toBe(200);
    });

    it('422 for an unknown account', async () => {
      const app = await t.createApp(APP_PERMISSIONS);
      const response = await t.http.delete('/account/18446744073709551615', { auth: app });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(notFound(['path', 'account'], 'Account'));
    });

    it('the id can be registered again afterwards', async () => {
      const app = await t.createApp(APP_PERMISSIONS);
      await t.insertAccount({ id: '7' });
      expect((await t.http.delete('/account/7', { auth: app })).status).toBe(204);
      expect((await t.http.post('/acounts/new', { auth: app, body: { id: 7, name: 'Again', discriminator: '1' } })).status).toBe(201);
    });
  });
});
