import { describe, expect, it } from 'vitest';

import { useTestApp } from './support/use-test-app.js';

/** docs/api.md#conventions: 422 → a list of {loc, msg, type}; every other 4xx → a string. */
function expectErrorShape(response: { status: number; body: unknown }): void {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  if (response.status === 422) {
    expect(response.body).toEqual({ detail: expect.any(Array) });
    for (const item of (response.body as { detail: unknown[] }).detail) {
      expect(item).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    }
  } else {
    expect(response.body).toEqual({ detail: expect.any(String) });
  }
}

describe('malformed input (docs/api.md#conventions, docs/api.md#validation)', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });

  const writes: [string, string][] = [
    ['POST', '/acounts/new'],
    ['POST', '/accounts/new'],
    ['POST', '/teams/new'],
    ['POST', '/auth/create_session'],
    ['PATCH', '/account/1'],
    ['PATCH', '/team/1'],
  ];

  async function seed(): Promise<void> {
    await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } });
    await t.insertAccount({ id: '1' });
  }

  describe.each(writes)('%s %s', (method, path) => {
    it.each([
      ['truncated JSON', '{"name": "x"'],
      ['a trailing comma', '{"name": "x",}'],
      ['single quotes', "{'name': 'x'}"],
      ['garbage', 'not json at all'],
      ['NaN', '{"name": NaN}'],
    ])('unparseable JSON (%s) is a 400 with a detail string', async (_what, rawBody) => {
      await seed();
      const response = await t.http.request(method, path, { auth: admin, rawBody });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: expect.stringMatching(/^Invalid JSON body/) });
    });

    it.each([['[]'], ['[{"name": "x"}]'], ['"name"'], ['42'], ['true'], ['null']])('the JSON %s is not an object: 422', async (rawBody) => {
      await seed();
      const response = await t.http.request(method, path, { auth: admin, rawBody });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }] });
    });

    it('a body over 128 KiB is a 413', async () => {
      await seed();
      const response = await t.http.request(method, path, { auth: admin, rawBody: JSON.stringify({ name: 'x'.repeat(128 * 1024) }) });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ detail: 'Request body too large: more than 131072 bytes (128 KiB).' });
    });

    it('an unsupported content type is a 4xx with a detail', async () => {
      await seed();
      const response = await t.http.request(method, path, { auth: admin, rawBody: '<name>x</name>', contentType: 'application/xml' });
      expect(response.status).toBe(415);
      expectErrorShape(response);
    });

    it('JSON sent as text/plain or octet-stream is a 415', async () => {
      await seed();
      for (const contentType of ['text/plain', 'application/octet-stream']) {
        const response = await t.http.request(method, path, { auth: admin, rawBody: '{"name": "x"}', contentType });
        expect({ contentType, status: response.status, body: response.body }).toEqual({
          contentType,
          status: 415,
          body: { detail: `Unsupported content type "${contentType}": send application/json.` },
        });
      }
    });

    it('nesting deeper than 32 levels is a 400 (3,000 levels, 6 KB)', async () => {
      await seed();
      const response = await t.http.request(method, path, { auth: admin, rawBody: `{"x": ${'['.repeat(3000)}${']'.repeat(3000)}}` });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Invalid JSON body: nested deeper than 32 levels.' });
    });

    it('odd keys are never a 500', async () => {
      await seed();
      for (const rawBody of [
        '{"__proto__": {"admin": true}, "name": "x"}',
        '{"constructor": {"prototype": 1}}',
        '{"a": {"constructor": {"name": 1}}}',
        '{"name": "\\u0000"}',
      ]) {
        const response = await t.http.request(method, path, { auth: admin, rawBody });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expectErrorShape(response);
      }
    });
  });

  it('a body just under 128 KiB is read (then validated)', async () => {
    const rawBody = JSON.stringify({ name: 'x'.repeat(300), pad: Array.from({ length: 16 }, () => 'y'.repeat(8100)) });
    expect(rawBody.length).toBeGreaterThan(128 * 1024 - 2000);
    const response = await t.http.post('/teams/new', { auth: admin, rawBody });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'name']);
  });

  it('prototype keys are ignored like any unknown field', async () => {
    const response = await t.http.post('/teams/new', {
      auth: admin,
      rawBody: '{"constructor": {"prototype": {"x": 1}}, "__proto__": {"name": 1}, "name": "Red"}',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Red', member_count: 0 });
  });

  it('+json media types are JSON', async () => {
    const created = await t.http.post('/teams/new', {
      auth: admin,
      rawBody: '{"name": "Red"}',
      contentType: 'application/vnd.api+json; charset=utf-8',
    });
    expect(created.status).toBe(201);
    const renamed = await t.http.patch(`/team/${created.body.id}`, {
      auth: admin,
      rawBody: '{"name": "Blue"}',
      contentType: 'application/merge-patch+json',
    });
    expect({ status: renamed.status, name: renamed.body.name }).toEqual({ status: 200, name: 'Blue' });
  });

  it('an empty body is no body, whatever its content type (aiohttp sends octet-stream)', async () => {
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    const award = await t.http.post('/awards/new', {
      auth: admin,
      body: { title: 'Star', image_url: 'https://example.com/star.png', team, accounts: [] },
    });
    expect(award.status).toBe(201);
    await t.insertAccount({ id: '7' });
    const given = await t.http.put(`/account/7/award/${award.body.id}`, {
      auth: admin,
      rawBody: '',
      contentType: 'application/octet-stream',
    });
    expect({ status: given.status, text: given.text }).toEqual({ status: 201, text: '' });
    const removed = await t.http.delete(`/account/7/award/${award.body.id}`, {
      auth: admin,
      rawBody: '',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(removed.status).toBe(204);
    const session = await t.login('7');
    const reset = await t.http.post('/auth/reset_token', { auth: session, rawBody: '', contentType: 'application/octet-stream' });
    expect(reset.status).toBe(200);
    const created = await t.http.post('/teams/new', { auth: admin, rawBody: '', contentType: 'text/plain' });
    expect(created.status).toBe(422);
    expect(created.body).toEqual({ detail: [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }] });
  });

  it('names count code points, as the database does: 255 variation-selector pairs are too long', async () => {
    const tooLong = await t.http.post('/teams/new', { auth: admin, body: { name: 'a\uFE0F'.repeat(255) } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toEqual({
      detail: [{ loc: ['body', 'name'], msg: 'ensure this value has 1 to 255 characters', type: 'value_error.any_str.length' }],
    });
    const fits = await t.http.post('/teams/new', { auth: admin, body: { name: `${'a\uFE0F'.repeat(127)}b` } });
    expect(fits.status).toBe(201);
    expect(fits.body.name).toBe(`${'a\uFE0F'.repeat(127)}b`);
    const emoji = await t.http.post('/teams/new', { auth: admin, body: { name: '\u{1F600}'.repeat(255) } });
    expect(emoji.status).toBe(201);
    expect((await t.http.get(`/team/${emoji.body.id}`)).body.name).toBe('\u{1F600}'.repeat(255));
  });

  it('a string with an unpaired surrogate is a 422 and nothing is stored', async () => {
    for (const rawBody of ['{"name": "x\\ud800"}', '{"name": "\\udc00y"}']) {
      const response = await t.http.post('/teams/new', { auth: admin, rawBody });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['body', 'name'], msg: 'string contains an unpaired surrogate', type: 'value_error.str.unicode' }],
      });
    }
    expect((await t.http.get('/teams/search')).body.results).toBe(0);
  });

  it('URLs that WHATWG URL rejects are a 422 (the parser deliveries use)', async () => {
    for (const url of ['http://example.0x1/']) {
      const response = await t.http.put('/callback/account_team_update', { auth: admin, body: { url, secret: 's' } });
      expect({ url, status: response.status, body: response.body }).toEqual({
        url,
        status: 422,
        body: { detail: [{ loc: ['body', 'url'], msg: 'invalid URL', type: 'value_error.url' }] },
      });
    }
    expect((await t.http.get('/callback/account_team_update', { auth: admin })).status).toBe(404);
  });

  it('a charset in the content type is fine', async () => {
    const response = await t.http.post('/teams/new', {
      auth: admin,
      rawBody: '{"name": "Red"}',
      contentType: 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
  });

  it('an empty body on a create is a 422, not a 500', async () => {
    const response = await t.http.post('/teams/new', { auth: admin, rawBody: '' });
    expect(response.status).toBe(422);
    expectErrorShape(response);
  });

  it('a POST without any body or content type is a 422', async () => {
    const response = await t.http.post('/teams/new', { auth: admin });
    expect(response.status).toBe(422);
    expectErrorShape(response);
  });

  it('unknown fields are ignored', async () => {
    const response = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red', id: 999, member_count: 7, awards: ['x'] } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), name: 'Red', created_at: expect.any(Number), member_count: 0, awards: [] });
    expect(response.body.id).not.toBe(999);
  });

  describe.each([
    ['GET', '/account/'],
    ['PATCH', '/account/'],
    ['DELETE', '/account/'],
    ['GET', '/team/'],
    ['PATCH', '/team/'],
    ['DELETE', '/team/'],
  ])('path ids: %s %s{id}', (method, prefix) => {
    const loc = prefix.includes('account') ? 'account' : 'team';

    it.each(['abc', '1.0', '1e3', '0x1', '%20', '1%00', '%E2%82%AC', '--1', '+1'])('%s is a 422 type error', async (id) => {
      const response = await t.http.request(method, `${prefix}${id}`, { auth: admin, body: method === 'GET' ? undefined : {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['path', loc], msg: 'value is not a valid integer', type: 'type_error.integer' }] });
    });

    it.each(['9'.repeat(25), '18446744073709551616', '9223372036854775808', '2147483648'])('huge id %s is a 422 not found', async (id) => {
      const response = await t.http.request(method, `${prefix}${id}`, { auth: admin, body: method === 'GET' ? undefined : {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['path', loc], msg: expect.stringMatching(/not found\.$/), type: 'value_error.not_found' }],
      });
    });
  });

  it.each(['/account/', '/team/'])('%s{id}: a path id over 100 characters is a 414 with a detail string', async (prefix) => {
    const response = await t.http.get(`${prefix}${'9'.repeat(150)}`);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({ detail: expect.stringContaining('max param length') });
  });

  it.each(['/account/%', '/team/%ZZ', '/account/%E2%82'])(
    '%s: a malformed percent-encoding is a 400 with a detail string',
    async (path) => {
      const response = await t.http.get(path);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: expect.stringContaining('is not a valid url component') });
    },
  );

  it.each(['/accounts/search', '/teams/search'])(
    '%s: odd query strings are an exact 422, or ignored when the key is unknown',
    async (path) => {
      const notInteger = (field: string) => ({
        status: 422,
        body: { detail: [{ loc: ['query', field], msg: 'value is not a valid integer', type: 'type_error.integer' }] },
      });
      const emptyPage = { status: 200, body: { page: 0, per_page: 20, pages: 0, results: 0, data: [] } };
      const cases: [string, { status: number; body: unknown }][] = [
        ['page=%FF', notInteger('page')],
        ['per_page=1e1', notInteger('per_page')],
        ['page=99999999999999999999', notInteger('page')],
        ['page=1&page=2', notInteger('page')],
        [
          `q=${'%25'.repeat(300)}`,
          {
            status: 422,
            body: {
              detail: [{ loc: ['query', 'q'], msg: 'ensure this value has 0 to 255 characters', type: 'value_error.any_str.length' }],
            },
          },
        ],
        [
          `q=${'a%CC%81'.repeat(128)}`,
          {
            status: 422,
            body: {
              detail: [{ loc: ['query', 'q'], msg: 'ensure this value has 0 to 255 characters', type: 'value_error.any_str.length' }],
            },
          },
        ],
        ['q=%ED%A0%80', emptyPage],
        ['per_page[]=1', emptyPage],
        ['page[a]=1', emptyPage],
        ['q[]=a', emptyPage],
        [
          'q=%00',
          {
            status: 422,
            body: {
              detail: [
                {
                  loc: ['query', 'q'],
                  msg: 'ensure this value has a character that is not ignored in comparisons (not only U+0000, U+200B, combining marks, ...)',
                  type: 'value_error.str.ignorable',
                },
              ],
            },
          },
        ],
        ['q=a%00', emptyPage],
      ];
      for (const [query, expected] of cases) {
        const response = await t.http.get(`${path}?${query}`);
        expect({ query, status: response.status, body: response.body }).toEqual({ query, ...expected });
      }
    },
  );

  it('an unknown route is a 404 with a detail string', async () => {
    const response = await t.http.get('/nowhere');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  it('a wrong method on a known path is a 4xx with a detail string', async () => {
    const response = await t.http.put('/teams/new', { auth: admin, body: { name: 'x' } });
    expect([404, 405]).toContain(response.status);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  it('a very long Authorization header is a 401', async () => {
    const response = await t.http.get('/auth/me', { headers: { authorization: `Basic ${'A'.repeat(6000)}` } });
    expect(response.status).toBe(401);
    expectErrorShape(response);
  });

  it('nothing is written by a rejected request', async () => {
    await t.http.post('/teams/new', { auth: admin, rawBody: '{"name": "x"' });
    await t.http.post('/teams/new', { auth: admin, rawBody: '[{"name": "x"}]' });
    await t.http.post('/acounts/new', { auth: admin, body: { id: 1, name: 'A', discriminator: '1', team: 'x' } });
    expect((await t.http.get('/teams/search')).body.results).toBe(0);
    expect((await t.http.get('/accounts/search')).body.results).toBe(0);
  });
});
