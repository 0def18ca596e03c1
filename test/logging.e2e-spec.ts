import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { settledDeliveries } from './support/deliveries.js';
import { FakeIdp } from './support/fake-idp.js';
import { useTestApp } from './support/use-test-app.js';

// In a file of its own: the captured destination must see every line the app writes.

/** Every JSON line the app writes, as text. */
class CapturedLog extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    callback();
  }
}

describe('logs', () => {
  const log = new CapturedLog();
  const secrets: string[] = [];
  let idp: FakeIdp;
  const receiver = useCallbackReceiver();

  beforeAll(async () => {
    idp = await FakeIdp.start();
  });
  afterAll(async () => {
    await idp.close();
  });
  const { t } = useTestApp(
    () => ({
      LOG_LEVEL: 'trace',
      IDP_API_URL: idp.apiUrl,
      REDIS_URL: '',
      CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
      CALLBACK_RETRY_DELAYS: '100ms',
      CALLBACK_POLL_INTERVAL_MS: '20',
    }),
    { logDestination: log },
  );

  beforeAll(async () => {
    // Exercise every place a token, a password or a secret passes through.
    const admin = await t.createApp(APP_PERMISSIONS);
    secrets.push(admin.password);
    const headers = (id: string) => ({ headers: { 'x-request-id': id } });
    await t.http.get('/auth/me', { auth: admin, ...headers('me-app') });
    await t.http.get('/auth/me', {
      auth: { username: admin.username, password: 'wrong-password-1234567890' },
      ...headers('wrong-password'),
    });
    secrets.push('wrong-password-1234567890');
    await t.insertAccount({ id: '1001' });
    const session = await t.http.post('/auth/create_session', { auth: admin, body: { account: '1001' }, ...headers('create-session') });
    secrets.push(session.body.password);
    const reset = await t.http.post('/auth/reset_token', { auth: session.body, ...headers('reset-session') });
    secrets.push(reset.body.password);
    const appReset = await t.http.post('/auth/reset_token', { auth: admin, ...headers('reset-app') });
    secrets.push(appReset.body.password);
    // A plain secret: it travels in the deliveries' Authorization header (a whsec_ one never leaves the service).
    const callbackSecret = 'plain-secret-that-must-never-be-logged';
    secrets.push(callbackSecret);
    const renewed = { username: admin.username, password: appReset.body.password };
    await t.http.put('/callback/account_team_update', {
      auth: renewed,
      body: { url: receiver.url('/hook'), secret: callbackSecret },
      ...headers('put-callback'),
    });
    // A delivery that fails once (500) then succeeds: the secret travels in its Authorization header.
    receiver.script('/hook', { status: 500 });
    const team = await t.http.post('/teams/new', { auth: renewed, body: { name: 'Red' } });
    await t.http.patch('/account/1001', { auth: renewed, body: { team: team.body.id }, ...headers('move-team') });
    const deliveries = await receiver.waitFor('/hook', 2);
    expect(deliveries.map((request) => request.headers.authorization)).toEqual([`Bearer ${callbackSecret}`, `Bearer ${callbackSecret}`]);
    await settledDeliveries(t.dataSource, 1);
    const valid = idp.tokenFor({ id: '2002', username: 'ann', discriminator: '0001', avatar: null });
    const failing = idp.token({ status: 500, body: { message: 'boom' } });
    const invalid = 'invalid-idp-token-0987654321';
    secrets.push(valid, failing, invalid);
    const signedIn = await t.http.post('/auth/idp', { body: { token: valid }, ...headers('idp-valid') });
    secrets.push(signedIn.body.password);
    await t.http.post('/auth/idp', { body: { token: failing }, ...headers('idp-failing') });
    await t.http.post('/auth/idp', { body: { token: invalid }, ...headers('idp-invalid') });
    await t.http.patch('/account/1001', { body: { idp_token: invalid }, ...headers('patch-idp') });
    await t.http.post('/teams/new', { rawBody: '{"name": ', ...headers('bad-json') });
    await t.http.get('/health/live', headers('probe-live'));
    await t.http.get('/health/ready', headers('probe-ready'));
    await t.http.get('/metrics', headers('scrape'));
    await t.http.get('/accounts/signups', headers('listing'));
  });

  it('logs health probes and metric scrapes at debug, other requests at info', () => {
    const levels = Object.fromEntries(
      log.lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.res && ['probe-live', 'probe-ready', 'scrape', 'listing'].includes(entry.reqId))
        .map((entry) => [entry.reqId, { level: entry.level, status: entry.res.statusCode }]),
    );
    expect(levels).toEqual({
      'probe-live': { level: 20, status: 200 },
      'probe-ready': { level: 20, status: 200 },
      scrape: { level: 20, status: 200 },
      listing: { level: 30, status: 200 },
    });
  });

  it("logs 4xx answers at info (the mistake is the client's) and 5xx at error", () => {
    const levels = Object.fromEntries(
      log.lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.res && ['idp-invalid', 'bad-json', 'idp-failing'].includes(entry.reqId))
        .map((entry) => [entry.reqId, { level: entry.level, status: entry.res.statusCode }]),
    );
    expect(levels).toEqual({
      'idp-invalid': { level: 30, status: 401 },
      'bad-json': { level: 30, status: 400 },
      'idp-failing': { level: 50, status: 502 },
    });
  });

  it('writes one JSON object per line', () => {
    expect(log.lines.length).toBeGreaterThan(10);
    const invalid = log.lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(invalid).toEqual([]);
  });

  it('logs each request once, with its request id, method, path, status and duration', () => {
    const completed = log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'create-session' && entry.res);
    expect(completed).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        service: 'accounts-service',
        hostname: expect.any(String),
        pid: process.pid,
        reqId: 'create-session',
        req: { id: 'create-session', method: 'POST', url: '/auth/create_session', remoteAddress: '127.0.0.1' },
        res: { statusCode: 201 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      },
    ]);
    const statuses = Object.fromEntries(
      log.lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.res && entry.reqId)
        .map((entry) => [entry.reqId, entry.res.statusCode]),
    );
    // Every request above was answered as expected, so each exercised the path it was meant to.
    expect(statuses).toMatchObject({
      'me-app': 200,
      'wrong-password': 401,
      'create-session': 201,
      'reset-session': 200,
      'reset-app': 200,
      'put-callback': 200,
      'move-team': 200,
      'idp-valid': 201,
      'idp-failing': 502,
      'idp-invalid': 401,
      'patch-idp': 422,
      'bad-json': 400,
    });
  });

  it('puts the request id on every line logged while handling a request', () => {
    const requestLines = log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.req || entry.res || entry.err);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.filter((entry) => typeof entry.reqId !== 'string')).toEqual([]);
  });

  it('never logs a token, a password, a callback secret or an Authorization header', () => {
    expect(secrets).toHaveLength(10);
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 20)).toBe(true);
    const leaks = log.lines.filter(
      (line) => secrets.some((secret) => line.includes(secret)) || /authorization|basic [a-z0-9+/=]{8,}|bearer /i.test(line),
    );
    expect(leaks).toEqual([]);
  });
});
