import { describe, expect, it } from 'vitest';

import { AppEntity } from '../src/auth/apps/app.entity.js';
import { SessionEntity } from '../src/auth/sessions/session.entity.js';
import { ALL_PERMISSIONS, APP_PERMISSIONS, Permission as P } from '../src/permissions/permission.js';
import { advancingClock } from './support/advancing-clock.js';
import { collectRoutes } from './support/collect-routes.js';
import { snapshot } from './support/database-snapshot.js';
import { basicAuth } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

const CHALLENGE = 'Basic realm="accounts"';
const THIRTY_DAYS = 30 * 86_400;

describe('authentication (docs/api.md#routes-auth, docs/api.md#authentication)', () => {
  const { t } = useTestApp({}, { resetEach: true });

  describe('POST /auth/create_session', () => {
    it('201 with a Session that authenticates as the account', async () => {
      const app = await t.createApp(P.AuthenticateUsers);
      await t.insertAccount({ id: '18446744073709551615', name: 'Max' });
      const before = Date.now() / 1000;
      const response = await t.http.post('/auth/create_session', { auth: app, rawBody: '{"account": 18446744073709551615}' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        username: expect.stringMatching(/^S[1-9]\d*$/),
        password: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
        expires_at: expect.any(Number),
      });
      expect(response.body.expires_at).toBeGreaterThanOrEqual(before + THIRTY_DAYS - 1);
      expect(response.body.expires_at).toBeLessThanOrEqual(Date.now() / 1000 + THIRTY_DAYS + 1);
      const me = await t.http.get('/auth/me', { auth: response.body });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: '18446744073709551615', name: 'Max' });
    });

    it('accepts the account id as a string; each call gives a new session', async () => {
      const app = await t.createApp(P.AuthenticateUsers);
      await t.insertAccount({ id: '5' });
      const first = await t.http.post('/auth/create_session', { auth: app, body: { account: '5' } });
      const second = await t.http.post('/auth/create_session', { auth: app, body: { account: 5 } });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.username).not.toBe(first.body.username);
      expect(second.body.password).not.toBe(first.body.password);
      expect((await t.http.get('/auth/me', { auth: first.body })).status).toBe(200);
    });

    it("only the token's hash is stored", async () => {
      const app = await t.createApp(P.AuthenticateUsers);
      await t.insertAccount({ id: '5' });
      const session = (await t.http.post('/auth/create_session', { auth: app, body: { account: 5 } })).body;
      const row = await t.dataSource.manager.findOneByOrFail(SessionEntity, { id: Number(session.username.slice(1)) });
      expect(row.tokenHash).not.toContain(session.password);
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("only an app token's hash is stored, when created and when reset", async () => {
      const app = await t.createApp(P.ManageTeams, 'hashed');
      const created = await t.dataSource.manager.findOneByOrFail(AppEntity, { id: app.id });
      expect(created.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await t.dataSource.query('SELECT * FROM apps'))).not.toContain(app.password);
      const reset = (await t.http.post('/auth/reset_token', { auth: app })).body;
      const after = await t.dataSource.manager.findOneByOrFail(AppEntity, { id: app.id });
      expect(after.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(after.tokenHash).not.toBe(created.tokenHash);
      expect(JSON.stringify(await t.dataSource.query('SELECT * FROM apps'))).not.toContain(reset.password);
    });

    it('422 for an unknown account', async () => {
      const app = await t.createApp(P.AuthenticateUsers);
      const response = await t.http.post('/auth/create_session', { auth: app, body: { account: 5 } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body', 'account'], msg: 'Account not found.', type: 'value_error.not_found' }] });
    });

    it.each([
      [{}],
      [{ account: 'abc' }],
      [{ account: -1 }],
      [{ account: null }],
      [{ account: [5] }],
      [{ account: '18446744073709551616' }],
    ])('422 for the body %j', async (body) => {
      const app = await t.createApp(P.AuthenticateUsers);
      const response = await t.http.post('/auth/create_session', { auth: app, body });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body', 'account'], msg: expect.any(String), type: expect.any(String) }] });
    });

    it('403 for an app without authenticate_users', async () => {
      const app = await t.createApp(APP_PERMISSIONS & ~P.AuthenticateUsers);
      await t.insertAccount({ id: '5' });
      const response = await t.http.post('/auth/create_session', { auth: app, body: { account: 5 } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Missing permission: authenticate_users.' });
    });

    it('403 for a user, even one whose stored permissions claim every bit', async () => {
      await t.insertAccount({ id: '5', permissions: ALL_PERMISSIONS });
      const response = await t.http.post('/auth/create_session', { auth: await t.login('5'), body: { account: 5 } });
      expect(response.status).toBe(403);
    });

    it('401 without credentials', async () => {
      const response = await t.http.post('/auth/create_session', { body: { account: 5 } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    });
  });

  describe('GET /auth/me', () => {
    it('an app: the App object without a token', async () => {
      const app = await t.createApp(P.ManageTeams | P.ManageAwards, 'bot');
      const response = await t.http.get('/auth/me', { auth: app });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ name: 'bot', permissions: 72, username: app.username });
    });

    it('a user: the Account object', async () => {
      const admin = await t.createApp(APP_PERMISSIONS);
      const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body;
      await t.insertAccount({ id: '5', name: 'Five', teamId: team.id, permissions: 6, createdAt: 1700000000.5 });
      const response = await t.http.get('/auth/me', { auth: await t.login('5') });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: '5',
        name: 'Five',
        discriminator: '0001',
        avatar_url: null,
        team: { ...team, member_count: 1 },
        permissions: 6,
        created_at: 1700000000.5,
        awards: [],
      });
    });

    it('401 without credentials, with a Basic challenge', async () => {
      const response = await t.http.get('/auth/me');
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect(response.body).toEqual({ detail: 'Authentication required.' });
    });

    it('accepts lower-case prefixes', async () => {
      const app = await t.createApp(NO_PERMISSIONS);
      expect((await t.http.get('/auth/me', { auth: { ...app, username: app.username.toLowerCase() } })).status).toBe(200);
      await t.insertAccount({ id: '5' });
      const session = await t.login('5');
      expect((await t.http.get('/auth/me', { auth: { ...session, username: session.username.toLowerCase() } })).status).toBe(200);
    });
  });

  describe('bad credentials are 401 everywhere, public routes and writes included', () => {
    it('answers 401 with the Basic challenge on every route of the router, and changes nothing', async () => {
      const routes = collectRoutes(t).map((route) => route.name.split(' ') as [string, string]);
      expect(routes.length).toBeGreaterThanOrEqual(30);
      const app = await t.createApp(APP_PERMISSIONS);
      const team = (await t.http.post('/teams/new', { auth: app, body: { name: 'Red' } })).body.id;
      await t.insertAccount({ id: '5', teamId: team });
      const award = (
        await t.http.post('/awards/new', {
          auth: app,
          body: { title: 'Star', image_url: 'https://example.com/s.png', team, accounts: ['5'] },
        })
      ).body.id;
      // Path parameters that name existing things, so that only the credentials are wrong.
      const fill = (path: string) =>
        path
          .replace(':account', '5')
          .replace(':team', String(team))
          .replace(':award', String(award))
          .replace(':event', 'account_team_update');
      const session = await t.login('5');
      const headers = [
        basicAuth({ username: app.username, password: `${app.password}x` }),
        basicAuth({ username: `A${app.id + 1000}`, password: app.password }),
        basicAuth({ username: session.username, password: app.password }),
        basicAuth({ username: `S${Number(session.username.slice(1)) + 1000}`, password: session.password }),
        basicAuth({ username: `X${app.id}`, password: app.password }),
        basicAuth({ username: `A${app.id}`, password: '' }),
        `Basic ${Buffer.from(app.password).toString('base64')}`,
        `Bearer ${app.password}`,
        'Basic !!!',
        'Basic',
        '',
      ];
      const before = await snapshot(t);
      for (const [method, path] of routes) {
        for (const authorization of headers) {
          const response = await t.http.request(method, fill(path), {
            headers: { authorization },
            ...(method === 'GET' ? {} : { body: { name: 'Changed', team: 0, title: 'x' } }),
          });
          expect({ route: `${method} ${path}`, authorization, status: response.status }).toEqual({
            route: `${method} ${path}`,
            authorization,
            status: 401,
          });
          expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
          expect(response.body).toEqual({ detail: expect.any(String) });
        }
      }
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe('POST /auth/reset_token', () => {
    it('an app: 200 with the App object and a new token; the old one stops working', async () => {
      const app = await t.createApp(P.ManageTeams, 'bot');
      const response = await t.http.post('/auth/reset_token', { auth: app });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        name: 'bot',
        permissions: P.ManageTeams,
        username: app.username,
        password: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
      });
      expect(response.body.password).not.toBe(app.password);
      const old = await t.http.get('/auth/me', { auth: app });
      expect(old.status).toBe(401);
      expect(old.headers.get('www-authenticate')).toBe(CHALLENGE);
      const fresh = await t.http.get('/auth/me', { auth: response.body });
      expect(fresh.status).toBe(200);
      expect(fresh.body).toEqual({ name: 'bot', permissions: P.ManageTeams, username: app.username });
    });

    it('a session: 200 with a Session for the same session id, a new token and a restarted lifetime', async () => {
      await t.insertAccount({ id: '5' });
      const session = await t.login('5');
      const response = await t.http.post('/auth/reset_token', { auth: session });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        username: session.username,
        password: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
        expires_at: expect.any(Number),
      });
      expect(response.body.password).not.toBe(session.password);
      expect(Math.abs(response.body.expires_at - (Date.now() / 1000 + THIRTY_DAYS))).toBeLessThan(60);
      expect((await t.http.get('/auth/me', { auth: session })).status).toBe(401);
      expect((await t.http.get('/auth/me', { auth: response.body })).body.id).toBe('5');
    });

    it('ignores a body', async () => {
      const app = await t.createApp(NO_PERMISSIONS);
      expect((await t.http.post('/auth/reset_token', { auth: app, body: { anything: 1 } })).status).toBe(200);
    });

    it('401 without credentials', async () => {
      const response = await t.http.post('/auth/reset_token');
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect(response.body).toEqual({ detail: 'Authentication required.' });
    });

    it('401 with a wrong token, and the right one keeps working', async () => {
      const app = await t.createApp(NO_PERMISSIONS);
      expect((await t.http.post('/auth/reset_token', { auth: { ...app, password: 'wrong' } })).status).toBe(401);
      expect((await t.http.get('/auth/me', { auth: app })).status).toBe(200);
    });
  });

  describe('sessions of a deleted account', () => {
    it('stop working', async () => {
      await t.insertAccount({ id: '5' });
      const session = await t.login('5');
      expect((await t.http.delete('/account/5', { auth: session })).status).toBe(204);
      expect((await t.http.get('/auth/me', { auth: session })).status).toBe(401);
    });
  });
});

describe('session expiry (SESSION_MAX_AGE)', () => {
  const { t } = useTestApp({ SESSION_MAX_AGE: '1h' });

  it('an expired session is rejected with 401 and removed; a reset restarts the lifetime', async () => {
    const clock = advancingClock(t);
    await t.insertAccount({ id: '5' });
    const app = await t.createApp(P.AuthenticateUsers);
    const created = await t.http.post('/auth/create_session', { auth: app, body: { account: 5 } });
    expect(created.status).toBe(201);
    expect(Math.abs(created.body.expires_at - (Date.now() / 1000 + 3600))).toBeLessThan(60);
    const session = created.body;
    expect((await t.http.get('/auth/me', { auth: session })).status).toBe(200);

    // Reset after 40 minutes: the lifetime restarts, so at 80 minutes (past the first
    // hour) the session still works, and at 110 minutes (70 after the reset) it has expired.
    clock.advance(40 * 60);
    const reset = await t.http.post('/auth/reset_token', { auth: session });
    expect(reset.status).toBe(200);
    clock.advance(40 * 60);
    expect((await t.http.get('/auth/me', { auth: reset.body })).status).toBe(200);

    clock.advance(30 * 60);
    const expired = await t.http.get('/auth/me', { auth: reset.body });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect(expired.body).toEqual({ detail: 'Invalid or expired credentials.' });
    expect(await t.dataSource.manager.countBy(SessionEntity, { id: Number(session.username.slice(1)) })).toBe(0);
    expect((await t.http.get('/accounts/search', { auth: reset.body })).status).toBe(401);
  });
});
