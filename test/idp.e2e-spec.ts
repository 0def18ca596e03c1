import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { advancingClock } from './support/advancing-clock.js';
import { type FakeIdpAnswer, FakeIdp, type FakeIdpUser } from './support/fake-idp.js';
import type { Credentials } from './support/http-client.js';
import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

// Identity-provider sign-in and profile refresh (docs/api.md#routes-accounts, docs/api.md#routes-auth, docs/api.md#identity-provider).

const CDN_URL = 'https://cdn.idp.test';
const TIMEOUT_MS = 2000;
/** Well past TIMEOUT_MS, so a late answer can never make it in time; TIMEOUT_MS itself is generous, so a timely answer always does on a busy machine. */
const LATE_MS = 6000;

const INVALID_TOKEN_DETAIL = 'The identity-provider token is invalid or lacks the identify scope.';
const INVALID_IDP_TOKEN_422 = [{ loc: ['body', 'idp_token'], msg: INVALID_TOKEN_DETAIL, type: 'value_error.idp_token' }];
const OTHER_ACCOUNT_DETAIL = 'This identity-provider token belongs to another account.';
const TIMEOUT_DETAIL = `The identity provider did not answer within ${TIMEOUT_MS} ms.`;

let lastId = 300_000_000_000_000_000n;

/** A provider user with a fresh id and an avatar hash. */
function newUser(overrides: Partial<FakeIdpUser> = {}): FakeIdpUser {
  const id = String(++lastId);
  return { id, username: `user-${id.slice(-6)}`, discriminator: '0042', avatar: `a_${id.slice(-8)}cafe`, ...overrides };
}

/** The Account object (docs/api.md#objects) mirroring a provider user, without team, permissions or awards. */
function accountOf(user: FakeIdpUser): Record<string, unknown> {
  const avatarUrl =
    user.avatar === null
      ? `${CDN_URL}/embed/avatars/${Number(user.discriminator) % 5}.png`
      : `${CDN_URL}/avatars/${user.id}/${user.avatar}.png`;
  return {
    id: user.id,
    name: user.username,
    discriminator: user.discriminator,
    avatar_url: avatarUrl,
    team: null,
    permissions: 0,
    created_at: expect.any(Number),
    awards: [],
  };
}

const SESSION = {
  username: expect.stringMatching(/^S\d+$/),
  password: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  expires_at: expect.any(Number),
};

/** Answers that make a token invalid: 401 from /auth/idp, 422 from PATCH (docs/api.md#identity-provider). */
const INVALID_ANSWERS: { name: string; answer: (user: FakeIdpUser) => FakeIdpAnswer }[] = [
  { name: 'the provider answers 401', answer: () => ({ status: 401, body: { message: '401: Unauthorized', code: 0 } }) },
  { name: 'the provider answers 403', answer: () => ({ status: 403, body: { message: 'Missing Access', code: 50001 } }) },
  { name: 'the token lacks the identify scope', answer: (user) => FakeIdp.userAnswer(user, ['email', 'guilds']) },
  { name: 'the token has no scope at all', answer: (user) => FakeIdp.userAnswer(user, []) },
];

/** Provider failures: never a session, never a change, never a 500 (docs/api.md#identity-provider). */
const FAILURES: { name: string; answer: (user: FakeIdpUser) => FakeIdpAnswer; status: number; detail: string }[] = [
  {
    name: 'the provider answers 500',
    answer: () => ({ status: 500, body: { message: 'Internal Server Error' } }),
    status: 502,
    detail: 'The identity provider answered with status 500.',
  },
  {
    name: 'the provider answers 503',
    answer: () => ({ status: 503, body: 'upstream connect error', headers: { 'content-type': 'text/plain' } }),
    status: 502,
    detail: 'The identity provider answered with status 503.',
  },
  {
    name: 'the provider answers 404',
    answer: () => ({ status: 404, body: { message: '404: Not Found' } }),
    status: 502,
    detail: 'The identity provider answered with status 404.',
  },
  {
    name: 'the provider answers 429',
    answer: () => ({ status: 429, body: { message: 'You are being rate limited.', retry_after: 1 } }),
    status: 502,
    detail: 'The identity provider answered with status 429.',
  },
  {
    name: 'the provider redirects',
    answer: () => ({ status: 302, body: '', headers: { location: 'http://127.0.0.1:9/elsewhere' } }),
    status: 502,
    detail: 'The identity provider answered with status 302.',
  },
  {
    name: 'the body is not JSON',
    answer: () => ({ status: 200, body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: its body is not JSON.',
  },
  {
    name: 'the body is a JSON list',
    answer: () => ({ status: 200, body: [] }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: its body is not an object.',
  },
  {
    name: 'the answer has no scopes',
    answer: (user) => ({ status: 200, body: { user } }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "scopes" is not a list of strings.',
  },
  {
    name: 'the answer has no user',
    answer: () => ({ status: 200, body: { scopes: ['identify'] } }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "user" is not an object.',
  },
  {
    name: 'the user id is not an integer',
    answer: (user) => FakeIdp.userAnswer({ ...user, id: 'not-a-number' }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "user.id" is not an unsigned 64-bit integer.',
  },
  {
    name: 'the user id is above 2^64',
    answer: (user) => FakeIdp.userAnswer({ ...user, id: '18446744073709551616' }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "user.id" is not an unsigned 64-bit integer.',
  },
  {
    name: 'the username is empty',
    answer: (user) => FakeIdp.userAnswer({ ...user, username: '  ' }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "user.username" is not a string of 1 to 255 characters.',
  },
  {
    name: 'the discriminator is not digits',
    answer: (user) => FakeIdp.userAnswer({ ...user, discriminator: 'abc' }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "user.discriminator" is not a string of 1 to 32 digits.',
  },
  {
    name: 'the avatar is not a hash',
    answer: (user) => FakeIdp.userAnswer({ ...user, avatar: '../../evil' }),
    status: 502,
    detail: 'The identity provider sent a malformed answer: "user.avatar" is not null or an avatar hash.',
  },
  {
    name: 'the answer is larger than 64 KiB',
    answer: (user) => FakeIdp.userAnswer({ ...user, username: 'x'.repeat(70_000) }),
    status: 502,
    detail: 'The identity provider request failed (ERR_BAD_RESPONSE).',
  },
  {
    name: 'the provider answers too late',
    answer: (user) => ({ ...FakeIdp.userAnswer(user), delayMs: LATE_MS }),
    status: 504,
    detail: TIMEOUT_DETAIL,
  },
  {
    name: 'the body trickles in too slowly',
    answer: (user) => ({ ...FakeIdp.userAnswer(user), trickleMs: LATE_MS }),
    status: 504,
    detail: TIMEOUT_DETAIL,
  },
];

/** The running fake provider and API of one describe block. */
interface Context {
  readonly idp: FakeIdp;
  readonly t: TestApp;
  readonly admin: Credentials;
}

/** Starts a fake provider and the API (with `env`) around the tests of the enclosing describe. */
function startApp(env: Record<string, string>): Context {
  const context = {} as { idp: FakeIdp; t: TestApp; admin: Credentials };
  beforeAll(async () => {
    context.idp = await FakeIdp.start();
  });
  afterAll(async () => {
    await context.idp?.close();
  });
  context.t = useTestApp(() => ({ IDP_API_URL: context.idp.apiUrl, IDP_CDN_URL: CDN_URL, IDP_TIMEOUT_MS: String(TIMEOUT_MS), ...env })).t;
  beforeAll(async () => {
    context.admin = await context.t.createApp(APP_PERMISSIONS, 'admin');
  });
  return context;
}

/** Inserts an account for `user` whose profile differs from the provider's. */
async function insertStale(t: TestApp, user: FakeIdpUser): Promise<Record<string, unknown>> {
  await t.insertAccount({ id: user.id, name: 'Stale Name', discriminator: '9999', avatarUrl: 'https://old.example/avatar.png' });
  const response = await t.http.get(`/account/${user.id}`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Tests whose outcome does not depend on SIGNUPS_OPEN; registered once per state. */
function behavesTheSameInBothSignupStates(c: Context): void {
  it('opens a session for a known account, which works for /auth/me and reset_token, and leaves the account as it is', async () => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const token = c.idp.tokenFor(user);

    const signIn = await c.t.http.post('/auth/idp', { body: { token } });
    expect(signIn.status).toBe(201);
    expect(signIn.body).toEqual(SESSION);
    expect(c.idp.requestsWith(token)).toEqual([{ method: 'GET', path: '/api/oauth2/@me', authorization: `Bearer ${token}` }]);
    const session = { username: signIn.body.username, password: signIn.body.password };

    const me = await c.t.http.get('/auth/me', { auth: session });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(before);

    const second = await c.t.http.post('/auth/idp', { body: { token } });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(SESSION);
    expect(second.body.username).not.toBe(signIn.body.username);

    const reset = await c.t.http.post('/auth/reset_token', { auth: session });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ...SESSION, username: session.username });
    expect((await c.t.http.get('/auth/me', { auth: session })).status).toBe(401);
    expect((await c.t.http.get('/auth/me', { auth: { username: reset.body.username, password: reset.body.password } })).body).toEqual(
      before,
    );
    expect((await c.t.http.get('/auth/me', { auth: { username: second.body.username, password: second.body.password } })).body).toEqual(
      before,
    );
  });

  it('gives each session the configured lifetime', async () => {
    const user = newUser();
    await insertStale(c.t, user);
    const start = Date.now() / 1000;
    const signIn = await c.t.http.post('/auth/idp', { body: { token: c.idp.tokenFor(user) } });
    const end = Date.now() / 1000;
    expect(signIn.status).toBe(201);
    expect(signIn.body.expires_at).toBeGreaterThanOrEqual(start + 30 * 86400 - 1);
    expect(signIn.body.expires_at).toBeLessThanOrEqual(end + 30 * 86400 + 1);
  });

  it.each(INVALID_ANSWERS)('POST /auth/idp is a 401 when $name, and creates nothing', async ({ answer }) => {
    const user = newUser();
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.token(answer(user)) } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: INVALID_TOKEN_DETAIL });
    expect((await c.t.http.get(`/account/${user.id}`)).status).toBe(422);
  });

  it('POST /auth/idp is a 401 for a token the provider never issued', async () => {
    const response = await c.t.http.post('/auth/idp', { body: { token: 'never-issued' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: INVALID_TOKEN_DETAIL });
    expect(c.idp.requestsWith('never-issued')).toHaveLength(1);
  });

  it('POST /auth/idp is a 401 for a token that cannot travel in a header, without asking the provider', async () => {
    const asked = c.idp.requests.length;
    const response = await c.t.http.post('/auth/idp', { body: { token: 'two words\r\nX-Injected: 1' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: INVALID_TOKEN_DETAIL });
    expect(c.idp.requests).toHaveLength(asked);
  });

  it.each(FAILURES)('POST /auth/idp is a $status when $name, and gives no session', async ({ answer, status, detail }) => {
    const user = newUser();
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.token(answer(user)) } });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
    expect((await c.t.http.get(`/account/${user.id}`)).status).toBe(422);
  });

  it('POST /auth/idp is a 504 for a known account when the provider is too slow', async () => {
    const user = newUser();
    await insertStale(c.t, user);
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.token({ ...FakeIdp.userAnswer(user), delayMs: LATE_MS }) } });
    expect(response.status).toBe(504);
    expect(response.body).toEqual({ detail: TIMEOUT_DETAIL });
    const sessions = await c.t.dataSource.query('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?', [user.id.padStart(20, '0')]);
    expect(Number(sessions[0].n)).toBe(0);
  });

  it.each([
    { body: {}, detail: [{ loc: ['body', 'token'], msg: 'field required', type: 'value_error.missing' }] },
    { body: { token: null }, detail: [{ loc: ['body', 'token'], msg: 'field required', type: 'value_error.missing' }] },
    { body: { token: 12 }, detail: [{ loc: ['body', 'token'], msg: 'str type expected', type: 'type_error.str' }] },
    {
      body: { token: '' },
      detail: [{ loc: ['body', 'token'], msg: 'ensure this value has 1 to 4096 characters', type: 'value_error.any_str.length' }],
    },
  ])('POST /auth/idp with body $body is a 422 without asking the provider', async ({ body, detail }) => {
    const asked = c.idp.requests.length;
    const response = await c.t.http.post('/auth/idp', { body });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail });
    expect(c.idp.requests).toHaveLength(asked);
  });

  it('PATCH with idp_token alone, without Authorization, refreshes name, discriminator and avatar_url', async () => {
    const user = newUser({ username: 'Fresh Name', discriminator: '0007' });
    const before = await insertStale(c.t, user);
    const token = c.idp.tokenFor(user);

    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: token } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...accountOf(user), created_at: before.created_at });
    expect(c.idp.requestsWith(token)).toEqual([{ method: 'GET', path: '/api/oauth2/@me', authorization: `Bearer ${token}` }]);
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(response.body);
  });

  it('PATCH with idp_token sets the default avatar URL when the provider user has no avatar', async () => {
    const user = newUser({ discriminator: '1234', avatar: null });
    await insertStale(c.t, user);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: c.idp.tokenFor(user) } });
    expect(response.status).toBe(200);
    expect(response.body.avatar_url).toBe(`${CDN_URL}/embed/avatars/4.png`);
    expect(response.body).toEqual(accountOf(user));
  });

  it.each([
    { idp_token: 12, detail: [{ loc: ['body', 'idp_token'], msg: 'str type expected', type: 'type_error.str' }] },
    {
      idp_token: '',
      detail: [{ loc: ['body', 'idp_token'], msg: 'ensure this value has 1 to 4096 characters', type: 'value_error.any_str.length' }],
    },
  ])('PATCH with idp_token $idp_token is a 422 without asking the provider', async ({ idp_token, detail }) => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const asked = c.idp.requests.length;
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail });
    expect(c.idp.requests).toHaveLength(asked);
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  it.each(INVALID_ANSWERS)('PATCH is a 422 at idp_token when $name, and changes nothing', async ({ answer }) => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: c.idp.token(answer(user)) } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: INVALID_IDP_TOKEN_422 });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  it('PATCH is a 403 when idp_token belongs to another account, and changes nothing', async () => {
    const user = newUser();
    const other = newUser();
    const before = await insertStale(c.t, user);
    await insertStale(c.t, other);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: c.idp.tokenFor(other) } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: OTHER_ACCOUNT_DETAIL });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  it('PATCH of an unknown account is a 422 not found, and the provider is not asked', async () => {
    const user = newUser();
    const token = c.idp.tokenFor(user);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: token } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['path', 'account'], msg: 'Account not found.', type: 'value_error.not_found' }] });
    expect(c.idp.requestsWith(token)).toEqual([]);
    expect((await c.t.http.get(`/account/${user.id}`)).status).toBe(422);
  });

  it.each(FAILURES)('PATCH is a $status when $name, and changes nothing', async ({ answer, status, detail }) => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: c.idp.token(answer(user)) } });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });
}

describe('identity provider with signups open', () => {
  const c = startApp({ SIGNUPS_OPEN: 'true' });

  it('GET /accounts/signups reports them open', async () => {
    const response = await c.t.http.get('/accounts/signups');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signups_open: true });
  });

  it('POST /auth/idp creates an unknown user from the provider data and returns a working session', async () => {
    const user = newUser({ username: '  Ann Example  ', discriminator: '0001' });
    const token = c.idp.tokenFor(user, ['identify', 'email']);
    const response = await c.t.http.post('/auth/idp', { body: { token } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(SESSION);

    const expected = { ...accountOf(user), name: 'Ann Example', avatar_url: `${CDN_URL}/avatars/${user.id}/${user.avatar}.png` };
    const account = await c.t.http.get(`/account/${user.id}`);
    expect(account.status).toBe(200);
    expect(account.body).toEqual(expected);
    const me = await c.t.http.get('/auth/me', { auth: { username: response.body.username, password: response.body.password } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(account.body);
  });

  it('POST /auth/idp gives a new user without an avatar the default avatar URL (discriminator mod 5)', async () => {
    const user = newUser({ discriminator: '0008', avatar: null });
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.tokenFor(user) } });
    expect(response.status).toBe(201);
    const account = await c.t.http.get(`/account/${user.id}`);
    expect(account.body).toEqual({ ...accountOf(user), avatar_url: `${CDN_URL}/embed/avatars/3.png` });
  });

  it('POST /auth/idp keeps a provider id above 2^53 exactly, sent as a string', async () => {
    const user = newUser({ id: '18446744073709551615' });
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.tokenFor(user) } });
    expect(response.status).toBe(201);
    const me = await c.t.http.get('/auth/me', { auth: { username: response.body.username, password: response.body.password } });
    expect(me.body).toEqual(accountOf(user));
  });

  it('POST /auth/idp keeps a provider id above 2^53 exactly, sent as a JSON number', async () => {
    const body =
      '{"scopes": ["identify"], "user": {"id": 18446744073709551614, "username": "Big", "discriminator": "0003", "avatar": null}}';
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.token({ status: 200, body }) } });
    expect(response.status).toBe(201);
    const me = await c.t.http.get('/auth/me', { auth: { username: response.body.username, password: response.body.password } });
    expect(me.body).toEqual(accountOf({ id: '18446744073709551614', username: 'Big', discriminator: '0003', avatar: null }));
  });

  it('concurrent first sign-ins of one user create one account and a session each', async () => {
    const user = newUser();
    const token = c.idp.tokenFor(user);
    const responses = await Promise.all(Array.from({ length: 4 }, () => c.t.http.post('/auth/idp', { body: { token } })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.body.username)).size).toBe(4);
    for (const response of responses) {
      const me = await c.t.http.get('/auth/me', { auth: { username: response.body.username, password: response.body.password } });
      expect(me.body).toEqual(accountOf(user));
    }
    const search = await c.t.http.get(`/accounts/search?q=${encodeURIComponent(user.username)}`);
    expect(search.body.results).toBe(1);
  });

  it('PATCH keeps a path id above 2^53 exactly', async () => {
    const user = newUser({ id: '18446744073709551613', username: 'Huge' });
    await insertStale(c.t, user);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: c.idp.tokenFor(user) } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(accountOf(user));
  });

  it('PATCH with idp_token and name: the provider refreshes, the body name wins', async () => {
    const user = newUser({ username: 'From Provider', discriminator: '0011' });
    await insertStale(c.t, user);
    const response = await c.t.http.patch(`/account/${user.id}`, {
      auth: c.admin,
      body: { idp_token: c.idp.tokenFor(user), name: 'Chosen' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...accountOf(user), name: 'Chosen' });
  });

  it('PATCH with idp_token and a team the user joins applies both in one request', async () => {
    const user = newUser();
    await insertStale(c.t, user);
    const team = await c.t.http.post('/teams/new', { auth: c.admin, body: { name: 'Blue' } });
    expect(team.status).toBe(201);
    const session = await c.t.login(user.id);
    const response = await c.t.http.patch(`/account/${user.id}`, {
      auth: session,
      body: { idp_token: c.idp.tokenFor(user), team: team.body.id },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...accountOf(user), team: { ...team.body, member_count: 1 } });
  });

  it('PATCH with a valid idp_token and a field needing credentials, without any, is a 401 and applies nothing', async () => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const response = await c.t.http.patch(`/account/${user.id}`, { body: { idp_token: c.idp.tokenFor(user), name: 'Sneaky' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: expect.any(String) });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  it('PATCH with a valid idp_token and a permission the caller may not grant is a 403 and applies nothing', async () => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const session = await c.t.login(user.id);
    const response = await c.t.http.patch(`/account/${user.id}`, {
      auth: session,
      body: { idp_token: c.idp.tokenFor(user), grant_permissions: 4 },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: expect.any(String) });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  it('PATCH with a valid idp_token and an unknown team is a 422 and applies nothing', async () => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const session = await c.t.login(user.id);
    const response = await c.t.http.patch(`/account/${user.id}`, {
      auth: session,
      body: { idp_token: c.idp.tokenFor(user), team: 2_000_000_000 },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }] });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  it('PATCH with a failing provider and other permitted fields is a 502 and applies nothing', async () => {
    const user = newUser();
    const before = await insertStale(c.t, user);
    const token = c.idp.token({ status: 500, body: {} });
    const response = await c.t.http.patch(`/account/${user.id}`, {
      auth: c.admin,
      body: { idp_token: token, name: 'Renamed', discriminator: '0002' },
    });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ detail: 'The identity provider answered with status 500.' });
    expect((await c.t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });

  behavesTheSameInBothSignupStates(c);
});

describe('identity provider with signups closed', () => {
  const c = startApp({ SIGNUPS_OPEN: 'false' });

  it('GET /accounts/signups reports them closed', async () => {
    const response = await c.t.http.get('/accounts/signups');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signups_open: false });
  });

  it('POST /auth/idp for an unknown user is a 403 and creates nothing', async () => {
    const user = newUser();
    const response = await c.t.http.post('/auth/idp', { body: { token: c.idp.tokenFor(user) } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'Signups are closed: no account exists for this user.' });
    expect((await c.t.http.get(`/account/${user.id}`)).status).toBe(422);
    const sessions = await c.t.dataSource.query('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?', [user.id.padStart(20, '0')]);
    expect(Number(sessions[0].n)).toBe(0);
  });

  it('POST /acounts/new is a 403 and creates nothing', async () => {
    const user = newUser();
    const response = await c.t.http.post('/acounts/new', { auth: c.admin, body: { id: user.id, name: 'Nope', discriminator: '0001' } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'Signups are closed.' });
    expect((await c.t.http.get(`/account/${user.id}`)).status).toBe(422);
  });

  behavesTheSameInBothSignupStates(c);
});

describe('identity provider refusing connections', () => {
  const { t } = useTestApp(async () => ({
    IDP_API_URL: await FakeIdp.closedUrl(),
    IDP_CDN_URL: CDN_URL,
    IDP_TIMEOUT_MS: String(TIMEOUT_MS),
  }));
  let admin: Credentials;
  beforeAll(async () => {
    admin = await t.createApp(APP_PERMISSIONS, 'admin');
  });
  const detail = 'The identity provider request failed (ECONNREFUSED).';

  it('POST /auth/idp is a 502 and creates nothing', async () => {
    const response = await t.http.post('/auth/idp', { body: { token: 'any-token' } });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ detail });
    const accounts = await t.http.get('/accounts/search');
    expect(accounts.body.results).toBe(0);
  });

  it('PATCH with idp_token is a 502 and applies nothing, not even the other fields', async () => {
    const user = newUser();
    const before = await insertStale(t, user);
    const response = await t.http.patch(`/account/${user.id}`, { auth: admin, body: { idp_token: 'any-token', name: 'Renamed' } });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ detail });
    expect((await t.http.get(`/account/${user.id}`)).body).toEqual(before);
  });
});

describe('sessions from the identity provider expire like every session', () => {
  const c = startApp({ SESSION_MAX_AGE: '1h' });

  it('is rejected with a 401 once SESSION_MAX_AGE has passed', async () => {
    const clock = advancingClock(c.t);
    const user = newUser();
    const signIn = await c.t.http.post('/auth/idp', { body: { token: c.idp.tokenFor(user) } });
    expect(signIn.status).toBe(201);
    const session = { username: signIn.body.username, password: signIn.body.password };
    expect((await c.t.http.get('/auth/me', { auth: session })).status).toBe(200);
    clock.advance(3601);
    const me = await c.t.http.get('/auth/me', { auth: session });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ detail: expect.any(String) });
  });
});
