import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IdempotencyKeyEntity } from '../src/idempotency/idempotency-key.entity.js';
import { IdempotencyKeysPruner } from '../src/idempotency/idempotency-keys.pruner.js';
import { requestFingerprint } from '../src/idempotency/idempotency-rules.js';
import { Permission } from '../src/permissions/permission.js';
import { TeamEntity } from '../src/teams/team.entity.js';
import { advancingClock } from './support/advancing-clock.js';
import { sleep } from './support/deliveries.js';
import { FakeIdp } from './support/fake-idp.js';
import type { TestResponse } from './support/http-client.js';
import { useTestApp } from './support/use-test-app.js';

const KEY_ERROR = {
  loc: ['header', 'Idempotency-Key'],
  msg: 'must be 1 to 255 printable ASCII characters',
  type: 'value_error.idempotency_key',
};
const REUSED = {
  detail: [
    {
      loc: ['header', 'Idempotency-Key'],
      msg: 'this key was used for another request (method, path or body) in the last 24 hours; use a new key for a new request',
      type: 'value_error.idempotency_key.reused',
    },
  ],
};

const key = (name: string) => ({ 'idempotency-key': name });
const replayed = (response: TestResponse) => response.headers.get('idempotent-replayed');

describe('Idempotency-Key', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });
  const teams = () => t.dataSource.manager.find(TeamEntity, { order: { id: 'ASC' } });

  it('replays the first answer to a retried POST, with Idempotent-Replayed: true, and writes once', async () => {
    const first = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('k-1') });
    expect(first).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'Red' } });
    expect(replayed(first)).toBeNull();
    const retry = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('k-1') });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(replayed(retry)).toBe('true');
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/);
    // The same JSON spelled otherwise (spacing), and the key as a Structured Field string, are the same request.
    const respelled = await t.http.post('/teams/new', { auth: admin, rawBody: '{ "name" :"Red" }', headers: key('"k-1"') });
    expect(respelled).toMatchObject({ status: 201, body: first.body });
    expect(replayed(respelled)).toBe('true');
    expect((await teams()).map((team) => team.name)).toEqual(['Red']);
  });

  it('answers 422 for the same key with another body, method or path, and writes nothing', async () => {
    const red = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('k-2') });
    expect(red.status).toBe(201);
    const other = await t.http.post('/teams/new', { auth: admin, body: { name: 'Blue' }, headers: key('k-2') });
    expect(other).toMatchObject({ status: 422, body: REUSED });
    const otherPath = await t.http.patch(`/team/${red.body.id}`, { auth: admin, body: { name: 'Red' }, headers: key('k-2') });
    expect(otherPath).toMatchObject({ status: 422, body: REUSED });
    expect((await teams()).map((team) => team.name)).toEqual(['Red']);
  });

  it('keeps keys per credential: another app, or a session, with the same key runs its own request', async () => {
    const other = await t.createApp(Permission.ManageTeams, 'other');
    const mine = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('shared') });
    const theirs = await t.http.post('/teams/new', { auth: other, body: { name: 'Red' }, headers: key('shared') });
    expect(theirs.status).toBe(201);
    expect(replayed(theirs)).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    await t.insertAccount({ id: '42', permissions: 8 });
    const session = await t.login('42');
    const user = await t.http.post('/teams/new', { auth: session, body: { name: 'Red' }, headers: key('shared') });
    expect(user.status).toBe(201);
    expect(replayed(user)).toBeNull();
    expect(await teams()).toHaveLength(3);
    // Each credential's retry replays its own answer.
    const again = await t.http.post('/teams/new', { auth: other, body: { name: 'Red' }, headers: key('shared') });
    expect(again).toMatchObject({ status: 201, body: theirs.body });
    expect(replayed(again)).toBe('true');
  });

  it('leaves requests without the header as they are: each one writes', async () => {
    for (let i = 0; i < 2; i++) expect((await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).status).toBe(201);
    expect(await teams()).toHaveLength(2);
    expect(await t.dataSource.manager.count(IdempotencyKeyEntity)).toBe(0);
  });

  it('answers 422 for a key that is empty, too long or not printable ASCII, and writes nothing; 255 characters are accepted', async () => {
    for (const bad of ['', 'x'.repeat(256), 'tab\there', '""']) {
      const response = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key(bad) });
      expect(response, JSON.stringify(bad)).toMatchObject({ status: 422, body: { detail: [KEY_ERROR] } });
    }
    expect((await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('y'.repeat(255)) })).status).toBe(201);
    expect(await teams()).toHaveLength(1);
  });

  it('stores no error: a retry after a 422 runs again', async () => {
    const invalid = await t.http.post('/teams/new', { auth: admin, body: { name: '' }, headers: key('k-3') });
    expect(invalid.status).toBe(422);
    const valid = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('k-3') });
    expect(valid.status).toBe(201);
    expect(replayed(valid)).toBeNull();
  });

  it('replays the status of PUT /account/{account}/award/{award} (201 given, 208 already held), with no body', async () => {
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body;
    await t.insertAccount({ id: '7' });
    const award = (
      await t.http.post('/awards/new', {
        auth: admin,
        body: { title: 'Star', image_url: 'https://x.test/s.png', team: team.id, accounts: [] },
      })
    ).body;
    const given = await t.http.put(`/account/7/award/${award.id}`, { auth: admin, headers: key('give-1') });
    expect(given).toMatchObject({ status: 201, text: '' });
    const held = await t.http.put(`/account/7/award/${award.id}`, { auth: admin, headers: key('give-2') });
    expect(held).toMatchObject({ status: 208, text: '' });
    for (const [name, status] of [
      ['give-1', 201],
      ['give-2', 208],
    ] as const) {
      const again = await t.http.put(`/account/7/award/${award.id}`, { auth: admin, headers: key(name) });
      expect(again).toMatchObject({ status, text: '' });
      expect(replayed(again)).toBe('true');
    }
  });

  it('replays PATCH and PUT answers: a profile change, a team rename, a callback', async () => {
    await t.insertAccount({ id: '9', name: 'Ann' });
    const patched = await t.http.patch('/account/9', { auth: admin, body: { name: 'Annie' }, headers: key('p-1') });
    expect(patched).toMatchObject({ status: 200, body: { id: '9', name: 'Annie' } });
    await t.http.patch('/account/9', { auth: admin, body: { name: 'Other' } });
    const again = await t.http.patch('/account/9', { auth: admin, body: { name: 'Annie' }, headers: key('p-1') });
    expect(again).toMatchObject({ status: 200, body: patched.body });
    expect(replayed(again)).toBe('true');
    expect((await t.http.get('/account/9')).body.name).toBe('Other');

    const callback = { url: 'https://example.com/hook', secret: 's3cret' };
    const put = await t.http.put('/callback/account_team_update', { auth: admin, body: callback, headers: key('c-1') });
    expect(put.status).toBe(200);
    const putAgain = await t.http.put('/callback/account_team_update', { auth: admin, body: callback, headers: key('c-1') });
    expect(putAgain).toMatchObject({ status: 200, body: put.body });
    expect(replayed(putAgain)).toBe('true');
    // The secret is part of the request: another secret is another request.
    expect(
      await t.http.put('/callback/account_team_update', { auth: admin, body: { ...callback, secret: 'x' }, headers: key('c-1') }),
    ).toMatchObject({
      status: 422,
      body: REUSED,
    });
  });

  it('treats a route and its alias as one route: a key replays across them, and another body on the alias is still a 422', async () => {
    const callback = { url: 'https://example.com/hook', secret: 's3cret' };
    const put = await t.http.put('/callback/account_team_update', { auth: admin, body: callback, headers: key('a-1') });
    expect(put.status).toBe(200);
    await t.http.put('/callback/account_team_update', { auth: admin, body: { ...callback, url: 'https://example.com/other' } });
    const onAlias = await t.http.put('/callbacks/account_team_update', { auth: admin, body: callback, headers: key('a-1') });
    expect(onAlias).toMatchObject({ status: 200, body: put.body });
    expect(replayed(onAlias)).toBe('true');
    expect((await t.http.get('/callback/account_team_update', { auth: admin })).body.url).toBe('https://example.com/other');
    const otherBody = await t.http.put('/callbacks/account_team_update', {
      auth: admin,
      body: { ...callback, secret: 'x' },
      headers: key('a-1'),
    });
    expect(otherBody).toMatchObject({ status: 422, body: REUSED });

    // The other way round, and a path parameter escaped otherwise (%39 is 9) names the same account.
    const created = await t.http.post('/accounts/new', {
      auth: admin,
      body: { id: '9', name: 'Ann', discriminator: '0001' },
      headers: key('a-2'),
    });
    expect(created).toMatchObject({ status: 201, body: { id: '9', name: 'Ann' } });
    const onCanonical = await t.http.post('/acounts/new', {
      auth: admin,
      body: { id: '9', name: 'Ann', discriminator: '0001' },
      headers: key('a-2'),
    });
    expect(onCanonical).toMatchObject({ status: 201, body: created.body });
    expect(replayed(onCanonical)).toBe('true');
    const patched = await t.http.patch('/account/9', { auth: admin, body: { name: 'Annie' }, headers: key('a-3') });
    expect(patched.status).toBe(200);
    const escaped = await t.http.patch('/account/%39', { auth: admin, body: { name: 'Annie' }, headers: key('a-3') });
    expect(escaped).toMatchObject({ status: 200, body: patched.body });
    expect(replayed(escaped)).toBe('true');
  });

  it('replays a key whatever the order of the query parameters, or without them, on a route that reads none; another body is still a 422', async () => {
    const callback = { url: 'https://example.com/hook', secret: 's3cret' };
    const put = await t.http.put('/callback/account_team_update?a=1&b=2', { auth: admin, body: callback, headers: key('q-1') });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ event: 'account_team_update', url: callback.url });
    expect(replayed(put)).toBeNull();
    await t.http.put('/callback/account_team_update', { auth: admin, body: { ...callback, url: 'https://example.com/other' } });
    for (const path of [
      '/callback/account_team_update?b=2&a=1',
      '/callback/account_team_update',
      '/callback/account_team_update?a=2',
      '/callbacks/account_team_update?b=2&a=1',
    ]) {
      const again = await t.http.put(path, { auth: admin, body: callback, headers: key('q-1') });
      expect(again.status, path).toBe(200);
      expect(again.body, path).toEqual(put.body);
      expect(replayed(again), path).toBe('true');
    }
    // Nothing was written again: the callback keeps the URL set without a key.
    expect((await t.http.get('/callback/account_team_update', { auth: admin })).body.url).toBe('https://example.com/other');
    const otherBody = await t.http.put('/callback/account_team_update?b=2&a=1', {
      auth: admin,
      body: { ...callback, secret: 'x' },
      headers: key('q-1'),
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual(REUSED);
    const otherRoute = await t.http.post('/callback/account_team_update/enable?a=1&b=2', { auth: admin, headers: key('q-1') });
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.body).toEqual(REUSED);

    // A POST: the same body with or without a query is one request, and writes once.
    const created = await t.http.post('/teams/new?x=1', { auth: admin, body: { name: 'Red' }, headers: key('q-2') });
    expect(created.status).toBe(201);
    const retried = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('q-2') });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(created.body);
    expect(replayed(retried)).toBe('true');
    expect((await teams()).map((team) => team.name)).toEqual(['Red']);
  });

  it('forgets a key after 24 hours: the request runs again, and the pruner deletes it', async () => {
    const clock = advancingClock(t);
    const first = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('k-4') });
    clock.advance(24 * 3600 - 60);
    expect(replayed(await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' }, headers: key('k-4') }))).toBe('true');
    expect(await t.app.get(IdempotencyKeysPruner).prune()).toBe(0);
    clock.advance(120);
    const later = await t.http.post('/teams/new', { auth: admin, body: { name: 'Blue' }, headers: key('k-4') });
    expect(later.status).toBe(201);
    expect(replayed(later)).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    expect(replayed(await t.http.post('/teams/new', { auth: admin, body: { name: 'Blue' }, headers: key('k-4') }))).toBe('true');
    await t.http.post('/teams/new', { auth: admin, body: { name: 'Gold' }, headers: key('k-5') });
    clock.advance(24 * 3600 + 1);
    expect(await t.app.get(IdempotencyKeysPruner).prune()).toBe(2);
    expect(await t.dataSource.manager.count(IdempotencyKeyEntity)).toBe(0);
  });
});

describe('Idempotency-Key while the first request is in flight', () => {
  const env: Record<string, string> = {};
  let idp: FakeIdp;
  beforeAll(async () => {
    idp = await FakeIdp.start();
    env.IDP_API_URL = idp.apiUrl;
  });
  afterAll(() => idp?.close());
  const { t, admin } = useTestApp(env, { resetEach: true, admin: true });

  it('answers 409 to a retry while the first is still being handled, then replays its answer', async () => {
    const user = { id: '80351110224678912', username: 'ann', discriminator: '0001', avatar: null };
    await t.insertAccount({ id: user.id, name: 'Stale' });
    // The provider takes 1.5 s to answer: the first request is in flight meanwhile.
    const token = idp.token({ ...FakeIdp.userAnswer(user), delayMs: 1500 });
    const body = { idp_token: token, name: 'Annie' };
    const first = t.http.patch(`/account/${user.id}`, { auth: admin, body, headers: key('slow') });
    for (let waited = 0; idp.requestsWith(token).length === 0 && waited < 5000; waited += 20) await sleep(20);
    expect(idp.requestsWith(token)).toHaveLength(1);
    const during = await t.http.patch(`/account/${user.id}`, { auth: admin, body, headers: key('slow') });
    expect(during).toMatchObject({
      status: 409,
      body: { detail: 'A request with this Idempotency-Key is still being answered; retry once it has been.' },
    });
    const answered = await first;
    expect(answered).toMatchObject({ status: 200, body: { id: user.id, name: 'Annie', discriminator: '0001' } });
    const after = await t.http.patch(`/account/${user.id}`, { auth: admin, body, headers: key('slow') });
    expect(after).toMatchObject({ status: 200, body: answered.body });
    expect(replayed(after)).toBe('true');
    // Neither the refused request nor the replay asked the provider again.
    expect(idp.requestsWith(token)).toHaveLength(1);
  });

  it('rolls the write back when another instance stored the key meanwhile, and answers what that one stored', async () => {
    const user = { id: '80351110224678913', username: 'bob', discriminator: '0002', avatar: null };
    await t.insertAccount({ id: user.id, name: 'Stale' });
    for (const [name, fingerprint, expected] of [
      ['same', true, { status: 200, body: { stored: 'elsewhere' } }],
      ['other', false, { status: 422, body: REUSED }],
    ] as const) {
      const token = idp.token({ ...FakeIdp.userAnswer(user), delayMs: 500 });
      const body = { idp_token: token, name: 'Bobby' };
      const pending = t.http.patch(`/account/${user.id}`, { auth: admin, body, headers: key(name) });
      for (let waited = 0; idp.requestsWith(token).length === 0 && waited < 5000; waited += 20) await sleep(20);
      // What another API instance would have committed while this one waited for the provider.
      const now = Date.now() / 1000;
      await t.dataSource.manager.insert(IdempotencyKeyEntity, {
        scope: `A${admin.id}`,
        key: name,
        fingerprint: fingerprint ? requestFingerprint('PATCH', `/account/${user.id}`, body) : 'f'.repeat(64),
        status: 200,
        body: JSON.stringify({ stored: 'elsewhere' }),
        createdAt: now,
        expiresAt: now + 3600,
      });
      const response = await pending;
      expect(response).toMatchObject(expected);
      expect(replayed(response)).toBe(fingerprint ? 'true' : null);
      expect((await t.http.get(`/account/${user.id}`)).body.name).toBe('Stale');
    }
  });
});
