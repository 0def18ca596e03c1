import { Writable } from 'node:stream';

import { beforeEach, describe, expect, it } from 'vitest';

import { CallbackUrlCheck } from '../src/callbacks/callback-url.check.js';
import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { runCli } from './support/delivery-processes.js';
import { settledDeliveries } from './support/deliveries.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

/** Every JSON line the app writes, parsed. */
class CapturedLog extends Writable {
  readonly entries: Record<string, any>[] = [];
  readonly text: string[] = [];

  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line === '') continue;
      this.text.push(line);
      this.entries.push(JSON.parse(line));
    }
    callback();
  }
}

const PASSWORD = 'hunter2-in-the-url';
const SECRET = 'the-bearer-secret';
const USER_INFO_REFUSED = {
  detail: [
    {
      loc: ['body', 'url'],
      msg: 'the URL must not hold a user name or password: deliveries send the secret as Authorization: Bearer',
      type: 'value_error.url.userinfo',
    },
  ],
};

/** docs/api.md#events: deliveries authenticate with `Authorization: Bearer <secret>`, whatever the URL holds. */
describe('credentials in callback URLs', () => {
  const log = new CapturedLog();
  const receiver = useCallbackReceiver();
  let admin: Credentials;
  let listener: Credentials & { id: number };

  const { t } = useTestApp(
    { LOG_LEVEL: 'info', REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', CALLBACK_POLL_INTERVAL_MS: '20' },
    { logDestination: log, resetEach: true },
  );
  beforeEach(async () => {
    admin = await t.createApp(APP_PERMISSIONS, 'admin');
    listener = await t.createApp(NO_PERMISSIONS, 'listener');
  });

  it.each([
    ['PUT', '/callback/account_team_update', `user:${PASSWORD}@`],
    ['PUT', '/callbacks/account_team_update', `user:${PASSWORD}@`],
    ['PUT', '/callback/account_team_update', 'user@'],
    ['PUT', '/callback/account_team_update', `:${PASSWORD}@`],
  ])('%s %s with %s in the URL is a 422, and nothing is registered', async (method, path, userInfo) => {
    const response = await t.http.request(method, path, {
      auth: listener,
      body: { url: receiver.url('/hook').replace('://', `://${userInfo}`), secret: SECRET },
    });
    expect({ status: response.status, body: response.body }).toEqual({ status: 422, body: USER_INFO_REFUSED });
    expect((await t.http.get('/callbacks', { auth: listener })).body).toEqual({ callbacks: {} });
  });

  it('a URL stored with credentials is reported at start, delivered with the Bearer secret to the URL without them, and never shown', async () => {
    const registered = await t.http.put('/callback/account_team_update', {
      auth: listener,
      body: { url: receiver.url('/hook?x=1'), secret: SECRET },
    });
    expect(registered.status).toBe(200);
    const id = registered.body.id as number;
    // As if stored before registration refused it.
    const withCredentials = receiver.url('/hook?x=1').replace('://', `://user:${PASSWORD}@`);
    await t.dataSource.manager.update(CallbackEntity, { id }, { url: withCredentials });

    // The start-up check (run again now that the row exists): one warning naming the callback, never the password.
    const linesBefore = log.text.length;
    await t.app.get(CallbackUrlCheck).onApplicationBootstrap();
    const reported = log.entries.slice(linesBefore).filter((entry) => entry.context === 'Callbacks');
    expect(reported.map((entry) => [entry.level, entry.msg])).toEqual([
      [
        40,
        `Callback ${id} (app A${listener.id}, account_team_update) has a user name or password in its URL: ` +
          'deliveries drop them and send Authorization: Bearer <secret>; the app should register the URL again without them.',
      ],
    ]);

    // The API never shows the password.
    expect((await t.http.get('/callbacks', { auth: listener })).body).toEqual({
      callbacks: { account_team_update: receiver.url('/hook?x=1') },
    });
    expect((await t.http.get('/callback/account_team_update', { auth: listener })).body).toEqual({
      id,
      event: 'account_team_update',
      url: receiver.url('/hook?x=1'),
      disabled: false,
      disabled_at: null,
      failing_since: null,
      last_success_at: null,
      rate_limit: null,
    });

    // A delivery: Bearer secret, no user info on the wire.
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    await t.insertAccount({ id: '7' });
    expect((await t.http.patch('/account/7', { auth: admin, body: { team } })).status).toBe(200);
    const [request] = await receiver.waitFor('/hook?x=1', 1);
    expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(JSON.stringify(request.headers)).not.toContain(PASSWORD);
    expect(JSON.stringify(request.headers)).not.toContain(Buffer.from(`user:${PASSWORD}`).toString('base64'));
    await settledDeliveries(t.dataSource, 1);

    // Nor does the app's delivery log, the operator CLI, or any log line.
    const deliveryLog = await t.http.get('/callback/account_team_update/deliveries', { auth: listener });
    expect(deliveryLog.body.data.map((delivery: { url: string }) => delivery.url)).toEqual([receiver.url('/hook?x=1')]);
    const listed = await runCli(t, ['deliveries', 'list']);
    expect(listed.stdout).toContain(`url=${receiver.url('/hook?x=1')}`);
    expect(listed.stdout + listed.stderr).not.toContain(PASSWORD);
    expect(log.text.filter((line) => line.includes(PASSWORD))).toEqual([]);
  });
});
