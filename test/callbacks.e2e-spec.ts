import { beforeEach, describe, expect, it } from 'vitest';

import { AppsService } from '../src/auth/apps/apps.service.js';
import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

const NOT_REGISTERED = { detail: 'No callback is registered for account_team_update.' };
const UNKNOWN_EVENT = {
  detail: [{ loc: ['path', 'event'], msg: 'Unknown event type. Known event types: account_team_update.', type: 'type_error.enum' }],
};
const HOOK = 'https://hooks.example.com/team';
/** The health fields of a callback that has not delivered anything yet (docs/api.md#delivery-log). */
const HEALTHY = { disabled: false, disabled_at: null, failing_since: null, last_success_at: null, rate_limit: null };

describe('callback registration (docs/api.md#routes-callbacks, docs/api.md#events)', () => {
  const { t } = useTestApp({ REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'false' }, { resetEach: true });
  let app: Credentials & { id: number };
  let other: Credentials & { id: number };

  beforeEach(async () => {
    app = await t.createApp(NO_PERMISSIONS, 'listener');
    other = await t.createApp(APP_PERMISSIONS, 'other');
  });

  it('registers, reads, lists, replaces and deletes a callback; the secret is never returned', async () => {
    const put = await t.http.put('/callback/account_team_update', { auth: app, body: { url: HOOK, secret: 's3cret' } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: expect.any(Number), event: 'account_team_update', url: HOOK, ...HEALTHY });

    const get = await t.http.get('/callback/account_team_update', { auth: app });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ id: put.body.id, event: 'account_team_update', url: HOOK, ...HEALTHY });

    const list = await t.http.get('/callbacks', { auth: app });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ callbacks: { account_team_update: HOOK } });

    const replaced = await t.http.put('/callbacks/account_team_update', {
      auth: app,
      body: { url: 'http://hooks.example.com/v2', secret: 'other' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ id: put.body.id, event: 'account_team_update', url: 'http://hooks.example.com/v2', ...HEALTHY });
    const stored = await t.dataSource.manager.find(CallbackEntity);
    expect(stored).toEqual([
      expect.objectContaining({ id: put.body.id, appId: app.id, url: 'http://hooks.example.com/v2', secret: 'other' }),
    ]);

    const viaAlias = await t.http.get('/callbacks/account_team_update', { auth: app });
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.body).toEqual({ id: put.body.id, event: 'account_team_update', url: 'http://hooks.example.com/v2', ...HEALTHY });

    const deleted = await t.http.delete('/callback/account_team_update', { auth: app });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await t.http.get('/callback/account_team_update', { auth: app })).status).toBe(404);
    expect((await t.http.get('/callbacks', { auth: app })).body).toEqual({ callbacks: {} });
  });

  it('keeps one callback per app: another app neither sees nor changes it', async () => {
    await t.http.put('/callback/account_team_update', { auth: app, body: { url: HOOK, secret: 'a' } });
    expect((await t.http.get('/callbacks', { auth: other })).body).toEqual({ callbacks: {} });
    const get = await t.http.get('/callback/account_team_update', { auth: other });
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_REGISTERED);
    const del = await t.http.delete('/callbacks/account_team_update', { auth: other });
    expect(del.status).toBe(404);
    expect(del.body).toEqual(NOT_REGISTERED);
    const put = await t.http.put('/callback/account_team_update', {
      auth: other,
      body: { url: 'https://other.example.com/', secret: 'b' },
    });
    expect(put.status).toBe(200);
    expect((await t.http.get('/callbacks', { auth: app })).body).toEqual({ callbacks: { account_team_update: HOOK } });
    expect((await t.http.get('/callbacks', { auth: other })).body).toEqual({
      callbacks: { account_team_update: 'https://other.example.com/' },
    });
  });

  it('answers 404 for GET and DELETE when nothing is registered', async () => {
    for (const path of ['/callback/account_team_update', '/callbacks/account_team_update']) {
      const get = await t.http.get(path, { auth: app });
      expect(get.status).toBe(404);
      expect(get.body).toEqual(NOT_REGISTERED);
      const del = await t.http.delete(path, { auth: app });
      expect(del.status).toBe(404);
      expect(del.body).toEqual(NOT_REGISTERED);
    }
  });

  it('answers 422 for an unknown event type on every route', async () => {
    for (const prefix of ['/callback', '/callbacks']) {
      const put = await t.http.put(`${prefix}/team_deleted`, { auth: app, body: { url: HOOK, secret: 's' } });
      expect(put.status).toBe(422);
      expect(put.body).toEqual(UNKNOWN_EVENT);
      const get = await t.http.get(`${prefix}/team_deleted`, { auth: app });
      expect(get.status).toBe(422);
      expect(get.body).toEqual(UNKNOWN_EVENT);
      const del = await t.http.delete(`${prefix}/team_deleted`, { auth: app });
      expect(del.status).toBe(422);
      expect(del.body).toEqual(UNKNOWN_EVENT);
    }
    expect(await t.dataSource.manager.count(CallbackEntity)).toBe(0);
  });

  it('answers 401 without credentials or with a user token', async () => {
    await t.insertAccount({ id: '42', permissions: 111 });
    const user = await t.login('42');
    const requests = [
      () => t.http.put('/callback/account_team_update', { body: { url: HOOK, secret: 's' } }),
      () => t.http.get('/callback/account_team_update'),
      () => t.http.delete('/callbacks/account_team_update'),
      () => t.http.get('/callbacks'),
    ];
    for (const request of requests) {
      const anonymous = await request();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Authentication required.' });
      expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="accounts"');
    }
    const asUser = [
      await t.http.put('/callback/account_team_update', { auth: user, body: { url: HOOK, secret: 's' } }),
      await t.http.get('/callback/account_team_update', { auth: user }),
      await t.http.delete('/callbacks/account_team_update', { auth: user }),
      await t.http.get('/callbacks', { auth: user }),
    ];
    for (const response of asUser) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'This endpoint needs an app token.' });
    }
    const wrong = await t.http.get('/callbacks', { auth: { username: app.username, password: 'wrong' } });
    expect(wrong.status).toBe(401);
    expect(await t.dataSource.manager.count(CallbackEntity)).toBe(0);
  });

  it('validates url and secret (docs/api.md#validation) and changes nothing on bad input', async () => {
    await t.http.put('/callback/account_team_update', { auth: app, body: { url: HOOK, secret: 'kept' } });
    const cases: [unknown, unknown][] = [
      [{ secret: 's' }, [{ loc: ['body', 'url'], msg: 'field required', type: 'value_error.missing' }]],
      [{ url: HOOK }, [{ loc: ['body', 'secret'], msg: 'field required', type: 'value_error.missing' }]],
      [
        { url: 'ftp://example.com/x', secret: 's' },
        [{ loc: ['body', 'url'], msg: 'invalid or missing URL scheme', type: 'value_error.url' }],
      ],
      [{ url: 'example.com/x', secret: 's' }, [{ loc: ['body', 'url'], msg: 'invalid or missing URL scheme', type: 'value_error.url' }]],
      [
        { url: `https://example.com/${'a'.repeat(2030)}`, secret: 's' },
        [{ loc: ['body', 'url'], msg: 'ensure this value has at most 2048 characters', type: 'value_error.any_str.max_length' }],
      ],
      [{ url: 5, secret: 's' }, [{ loc: ['body', 'url'], msg: 'str type expected', type: 'type_error.str' }]],
      [
        { url: HOOK, secret: '' },
        [{ loc: ['body', 'secret'], msg: 'ensure this value has 1 to 2048 characters', type: 'value_error.any_str.length' }],
      ],
      [
        { url: HOOK, secret: 'x'.repeat(2049) },
        [{ loc: ['body', 'secret'], msg: 'ensure this value has 1 to 2048 characters', type: 'value_error.any_str.length' }],
      ],
      [{ url: HOOK, secret: 12 }, [{ loc: ['body', 'secret'], msg: 'str type expected', type: 'type_error.str' }]],
      [
        { url: HOOK, secret: ' padded ' },
        [
          {
            loc: ['body', 'secret'],
            msg: 'the secret must be printable ASCII without leading or trailing spaces',
            type: 'value_error.matches',
          },
        ],
      ],
      [
        { url: HOOK, secret: 'caf\u00e9' },
        [
          {
            loc: ['body', 'secret'],
            msg: 'the secret must be printable ASCII without leading or trailing spaces',
            type: 'value_error.matches',
          },
        ],
      ],
      [
        { url: HOOK, secret: 'line\nbreak' },
        [
          {
            loc: ['body', 'secret'],
            msg: 'the secret must be printable ASCII without leading or trailing spaces',
            type: 'value_error.matches',
          },
        ],
      ],
      [
        { url: HOOK, secret: 'whsec_not base64!' },
        [
          {
            loc: ['body', 'secret'],
            msg: 'a secret starting with whsec_ must continue with a base64 key',
            type: 'value_error.isWebhookSecret',
          },
        ],
      ],
    ];
    for (const [body, detail] of cases) {
      const response = await t.http.put('/callback/account_team_update', { auth: app, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body, JSON.stringify(body)).toEqual({ detail });
    }
    const notObject = await t.http.put('/callback/account_team_update', { auth: app, rawBody: '[1]' });
    expect(notObject.status).toBe(422);
    const stored = await t.dataSource.manager.find(CallbackEntity);
    expect(stored).toEqual([expect.objectContaining({ url: HOOK, secret: 'kept' })]);
  });

  it('accepts a secret exactly as given, inner spaces included, and a whsec_ secret with a base64 key', async () => {
    const spaced = await t.http.put('/callback/account_team_update', { auth: app, body: { url: HOOK, secret: 'inner  spaced secret' } });
    expect(spaced.status).toBe(200);
    expect((await t.dataSource.manager.findOneByOrFail(CallbackEntity, { appId: app.id })).secret).toBe('inner  spaced secret');
    const whsec = await t.http.put('/callback/account_team_update', {
      auth: app,
      body: { url: HOOK, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    });
    expect(whsec.status).toBe(200);
  });

  it('refuses URLs naming a non-public IP address while private networks are not allowed (SSRF guard)', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest',
      'http://100.64.0.1/',
      'http://0.0.0.0:80/',
      'http://[::ffff:192.168.0.1]/',
    ]) {
      const response = await t.http.put('/callback/account_team_update', { auth: app, body: { url, secret: 's' } });
      expect(response.status, url).toBe(422);
      expect(response.body, url).toEqual({
        detail: [
          {
            loc: ['body', 'url'],
            msg: 'the URL must not point to a loopback, private or otherwise non-public address',
            type: 'value_error.url.host',
          },
        ],
      });
    }
    expect(await t.dataSource.manager.count(CallbackEntity)).toBe(0);
    const publicAddress = await t.http.put('/callback/account_team_update', {
      auth: app,
      body: { url: 'http://93.184.215.14/hook', secret: 's' },
    });
    expect(publicAddress.status).toBe(200);
  });

  it("deletes an app's callbacks with the app", async () => {
    await t.http.put('/callback/account_team_update', { auth: app, body: { url: HOOK, secret: 's' } });
    await t.http.put('/callback/account_team_update', { auth: other, body: { url: HOOK, secret: 's' } });
    await t.app.get(AppsService).delete(app.id);
    expect(await t.dataSource.manager.find(CallbackEntity)).toEqual([expect.objectContaining({ appId: other.id })]);
  });
});

describe('callback registration with private networks allowed', () => {
  const { t } = useTestApp({ REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' });

  it('accepts a loopback URL', async () => {
    const app = await t.createApp(NO_PERMISSIONS);
    const response = await t.http.put('/callback/account_team_update', {
      auth: app,
      body: { url: 'http://127.0.0.1:9/hook', secret: 's' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.any(Number), event: 'account_team_update', url: 'http://127.0.0.1:9/hook', ...HEALTHY });
  });
});
