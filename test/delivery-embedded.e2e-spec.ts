import { createHmac } from 'node:crypto';
import { globalAgent } from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';

import axios from 'axios';

import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';

import { CallbackEntity } from '../src/callbacks/callback.entity.js';
import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { OutboxEventEntity } from '../src/events/outbox-event.entity.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { embeddedDeliveryEnv, pendingAfterAttempts, settledDeliveries, sleep } from './support/deliveries.js';
import { freePort } from './support/delivery-processes.js';
import { WHSEC } from './support/delivery-scenario.js';
import { teamUpdateBody } from './support/event-bodies.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

/** Embedded mode (no REDIS_URL): the API process delivers callbacks itself (docs/api.md#events, docs/api.md#operating). */
describe('callback delivery, embedded mode', () => {
  const receiver = useCallbackReceiver();
  let admin: Credentials;
  let listener: Credentials & { id: number };
  let red: number;
  let blue: number;

  const { t } = useTestApp(embeddedDeliveryEnv(), { resetEach: true });
  beforeEach(async () => {
    admin = await t.createApp(APP_PERMISSIONS, 'admin');
    listener = await t.createApp(NO_PERMISSIONS, 'listener');
    red = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    blue = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Blue' } })).body.id;
  });

  async function register(app: Credentials, path: string, secret = WHSEC): Promise<void> {
    const response = await t.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret } });
    expect(response.status).toBe(200);
  }

  async function moveTo(accountId: string, team: number): Promise<any> {
    const response = await t.http.patch(`/account/${accountId}`, { auth: admin, body: { team } });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('POSTs {account, team, type, occurred_at, sequence} with the headers of docs/api.md#events, no Authorization for a whsec_ secret; the signature verifies with standardwebhooks', async () => {
    await register(listener, '/hook');
    await t.insertAccount({ id: '18446744073709551615', name: 'Ann', teamId: red });
    const before = Math.floor(Date.now() / 1000);
    const account = await moveTo('18446744073709551615', blue);

    const [request] = await receiver.waitFor('/hook', 1);
    expect(request.method).toBe('POST');
    expect(JSON.parse(request.body)).toEqual(teamUpdateBody(account, 1));
    expect(account.team).toEqual({ id: blue, name: 'Blue', created_at: expect.any(Number), member_count: 1, awards: [] });
    expect(request.headers['content-type']).toBe('application/json');
    // A whsec_ secret is never sent: the receiver verifies the signature (docs/api.md#events).
    expect(request.headers.authorization).toBeUndefined();
    expect(JSON.stringify(request.headers) + request.body).not.toContain(WHSEC.slice('whsec_'.length));
    expect(request.headers['x-callback-event']).toBe('account_team_update');
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(new Webhook(WHSEC).verify(request.body, request.headers as Record<string, string>)).toEqual(JSON.parse(request.body));

    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      webhookId: request.headers['webhook-id'],
    });
  });

  it('signs with the UTF-8 bytes of a secret that does not start with whsec_', async () => {
    await register(listener, '/plain', 'plain secret ~!');
    await t.insertAccount({ id: '7', teamId: null });
    await moveTo('7', red);
    const [request] = await receiver.waitFor('/plain', 1);
    const { 'webhook-id': id, 'webhook-timestamp': timestamp } = request.headers;
    const expected = createHmac('sha256', Buffer.from('plain secret ~!', 'utf8'))
      .update(`${id}.${timestamp}.${request.body}`)
      .digest('base64');
    expect(request.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(request.headers.authorization).toBe('Bearer plain secret ~!');
    expect(JSON.parse(request.body).team).toEqual(expect.objectContaining({ id: red, name: 'Red' }));
  });

  it('sends team null when the account leaves its team, and delivers to every app with a callback', async () => {
    const second = await t.createApp(NO_PERMISSIONS, 'second');
    await register(listener, '/one');
    await register(second, '/two');
    await t.insertAccount({ id: '8', teamId: red });
    const account = await moveTo('8', 0);
    expect(account.team).toBeNull();
    const [one] = await receiver.waitFor('/one', 1);
    const [two] = await receiver.waitFor('/two', 1);
    expect(JSON.parse(one.body)).toEqual(teamUpdateBody(account, 1));
    // One event, one body: the same occurred_at and sequence in every app's delivery.
    expect(two.body).toBe(one.body);
    expect(one.headers['webhook-id']).not.toBe(two.headers['webhook-id']);
    expect(await settledDeliveries(t.dataSource, 2)).toHaveLength(2);
  });

  it('emits nothing when the team did not actually change, nor on account creation or deletion', async () => {
    await register(listener, '/quiet');
    await t.insertAccount({ id: '9', teamId: red });
    await moveTo('9', red);
    expect((await t.http.patch('/account/9', { auth: admin, body: { name: 'Renamed' } })).status).toBe(200);
    expect(
      (await t.http.post('/acounts/new', { auth: admin, body: { id: '10', name: 'New', discriminator: '1', team: red } })).status,
    ).toBe(201);
    expect((await t.http.delete('/account/10', { auth: admin })).status).toBe(204);
    expect((await t.http.patch('/team/' + red, { auth: admin, body: { name: 'Crimson' } })).status).toBe(200);
    await sleep(300);
    expect(receiver.received).toEqual([]);
    expect(await t.dataSource.manager.count(OutboxEventEntity)).toBe(0);
  });

  it('emits one event per member when a team is deleted', async () => {
    await register(listener, '/members');
    await t.insertAccount({ id: '11', teamId: red });
    await t.insertAccount({ id: '12', teamId: red });
    await t.insertAccount({ id: '13', teamId: blue });
    expect((await t.http.delete(`/team/${red}`, { auth: admin })).status).toBe(204);
    const requests = await receiver.waitFor('/members', 2);
    await sleep(200);
    expect(receiver.requestsTo('/members')).toHaveLength(2);
    const bodies = requests.map((request) => JSON.parse(request.body)).sort((a, b) => a.account.id.localeCompare(b.account.id));
    expect(bodies).toEqual([
      teamUpdateBody(expect.objectContaining({ id: '11', team: null }), 1),
      teamUpdateBody(expect.objectContaining({ id: '12', team: null }), 1),
    ]);
  });

  it('retries 500, 500 then 200: delivered on the third attempt with one webhook-id, honouring Retry-After', async () => {
    await register(listener, '/flaky');
    receiver.script('/flaky', { status: 500, headers: { 'retry-after': '1' } }, { status: 503 }, { status: 200 });
    await t.insertAccount({ id: '14', teamId: null });
    await moveTo('14', red);
    const requests = await receiver.waitFor('/flaky', 3);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    // webhook-timestamp is taken at each attempt, not at the first (Standard Webhooks: receivers refuse stale ones).
    for (const request of requests)
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - request.at / 1000)).toBeLessThanOrEqual(1.5);
    expect(Number(requests[2].headers['webhook-timestamp'])).toBeGreaterThan(Number(requests[0].headers['webhook-timestamp']));
    expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(950);
    expect(requests[2].at - requests[1].at).toBeGreaterThanOrEqual(150);
    for (const request of requests) expect(new Webhook(WHSEC).verify(request.body, request.headers as Record<string, string>)).toBeTruthy();
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatus: 200, lastError: null });
    await sleep(400);
    expect(receiver.requestsTo('/flaky')).toHaveLength(3);
  });

  it('retries a timeout and gives up after the last delay of the schedule', async () => {
    await register(listener, '/slow');
    receiver.script('/slow', { status: 200, delayMs: 1500 }, { status: 502 }, { status: 429 }, { status: 200 });
    await t.insertAccount({ id: '15', teamId: null });
    await moveTo('15', red);
    await receiver.waitFor('/slow', 3);
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 429, lastError: 'HTTP 429' });
    await sleep(500);
    expect(receiver.requestsTo('/slow')).toHaveLength(3);
  });

  it('does not retry a 400, nor follow a redirect', async () => {
    await register(listener, '/reject');
    receiver.script('/reject', { status: 400 });
    await t.insertAccount({ id: '16', teamId: null });
    await moveTo('16', red);
    await receiver.waitFor('/reject', 1);
    const [rejected] = await settledDeliveries(t.dataSource, 1);
    expect(rejected).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 400, lastError: 'HTTP 400' });

    await register(listener, '/moved');
    receiver.script('/moved', { status: 302, headers: { location: receiver.url('/elsewhere') } });
    await moveTo('16', blue);
    await receiver.waitFor('/moved', 1);
    const [, moved] = await settledDeliveries(t.dataSource, 2);
    expect(moved).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 302 });
    await sleep(400);
    expect(receiver.requestsTo('/reject')).toHaveLength(1);
    expect(receiver.requestsTo('/moved')).toHaveLength(1);
    expect(receiver.requestsTo('/elsewhere')).toHaveLength(0);
  });

  it('does not send again an event a receiver accepted with a large body', async () => {
    await register(listener, '/chatty');
    receiver.script('/chatty', { status: 200, body: 'x'.repeat(1024 * 1024) });
    await t.insertAccount({ id: '21', teamId: null });
    await moveTo('21', red);
    await receiver.waitFor('/chatty', 1);
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatus: 200, lastError: null });
    await sleep(400);
    expect(receiver.requestsTo('/chatty')).toHaveLength(1);
  });

  it('fails at once, without retrying, a stored URL that WHATWG URL cannot parse', async () => {
    for (const url of ['http://example.0x1/', 'http://[1::2::3]/']) {
      await t.reset();
      const app = await t.createApp(NO_PERMISSIONS, 'unparseable');
      await t.dataSource.manager.insert(CallbackEntity, {
        appId: app.id,
        event: 'account_team_update',
        url,
        secret: 's',
        createdAt: 0,
        updatedAt: 0,
      });
      const team = (await t.http.post('/teams/new', { auth: await t.createApp(APP_PERMISSIONS, 'mover'), body: { name: 'Far' } })).body.id;
      await t.insertAccount({ id: '22', teamId: null });
      expect((await t.http.patch('/account/22', { auth: await t.createApp(APP_PERMISSIONS, 'mover 2'), body: { team } })).status).toBe(200);
      const [delivery] = await settledDeliveries(t.dataSource, 1);
      expect(delivery, url).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastStatus: null,
        lastError: 'Refused to deliver: the callback URL cannot be parsed.',
      });
    }
  });

  it('cancels the pending deliveries of a deleted callback at once, not at their next attempt, and sends them nothing more', async () => {
    await register(listener, '/gone');
    // Retried in an hour: before the DELETE cancelled it, the retry waited pending for that long.
    receiver.script('/gone', { status: 503, headers: { 'retry-after': '3600' } });
    await t.insertAccount({ id: '17', teamId: null });
    await moveTo('17', red);
    await receiver.waitFor('/gone', 1);
    const waiting = await pendingAfterAttempts(t.http, listener, 1);
    expect(waiting).toMatchObject({ status: 'pending', next_attempt_at: expect.any(Number) });

    expect((await t.http.delete('/callback/account_team_update', { auth: listener })).status).toBe(204);
    // No wait: the DELETE's transaction cancelled it (docs/api.md#delivery-log).
    const log = await t.http.get('/callback/account_team_update/deliveries', { auth: listener });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      { ...waiting, status: 'cancelled', next_attempt_at: null, last_error: 'The callback was deleted before delivery.' },
    ]);
    const [delivery] = await t.dataSource.manager.find(DeliveryEntity);
    expect(delivery).toMatchObject({ status: 'cancelled', attempts: 1, callbackId: null, enqueuedAt: null });
    expect(receiver.requestsTo('/gone')).toHaveLength(1);
  });

  it('retries a refused connection and a reset one (docs/api.md#events: network errors are retried)', async () => {
    const closedPort = await freePort();
    await t.dataSource.manager.insert(CallbackEntity, {
      appId: listener.id,
      event: 'account_team_update',
      url: `http://127.0.0.1:${closedPort}/nobody`,
      secret: 's',
      createdAt: 0,
      updatedAt: 0,
    });
    let connections = 0;
    const sockets: Socket[] = [];
    const resetting = createServer((socket) => {
      sockets.push(socket);
      // The first connection is reset; the next gets a 200.
      if (++connections === 1) socket.resetAndDestroy();
      else socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    try {
      const other = await t.createApp(NO_PERMISSIONS, 'reset receiver');
      const port = (resetting.address() as AddressInfo).port;
      await t.dataSource.manager.insert(CallbackEntity, {
        appId: other.id,
        event: 'account_team_update',
        url: `http://127.0.0.1:${port}/reset`,
        secret: 's',
        createdAt: 0,
        updatedAt: 0,
      });
      await t.insertAccount({ id: '24', teamId: null });
      await moveTo('24', red);
      const byApp = new Map((await settledDeliveries(t.dataSource, 2)).map((delivery) => [delivery.appId, delivery]));
      expect(byApp.get(listener.id)).toMatchObject({ status: 'failed', attempts: 3, lastStatus: null });
      expect(byApp.get(listener.id)!.lastError).toContain('ECONNREFUSED');
      expect(byApp.get(other.id)).toMatchObject({ status: 'succeeded', attempts: 2, lastStatus: 200, lastError: null });
      expect(connections).toBe(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => resetting.close(resolve));
    }
  });
});

/** A slow receiver never holds up the request that caused the event (docs/api.md#events). */
describe('callback delivery, a receiver slower than any request', () => {
  const { t } = useTestApp({
    REDIS_URL: undefined,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_TIMEOUT_MS: '20000',
    CALLBACK_POLL_INTERVAL_MS: '20',
  });
  // After the app's hooks, so the receiver closes first: the held delivery's connection is cut, so that the API
  // does not wait for it to close.
  const receiver = useCallbackReceiver();

  it('answers the PATCH while the receiver still holds the delivery', async () => {
    const admin = await t.createApp(APP_PERMISSIONS, 'admin');
    const listener = await t.createApp(NO_PERMISSIONS, 'listener');
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    expect(
      (await t.http.put('/callback/account_team_update', { auth: listener, body: { url: receiver.url('/held'), secret: WHSEC } })).status,
    ).toBe(200);
    receiver.script('/held', { status: 200, delayMs: 15_000 });
    await t.insertAccount({ id: '19', teamId: null });
    const started = Date.now();
    expect((await t.http.patch('/account/19', { auth: admin, body: { team } })).status).toBe(200);
    // Had the request waited for the delivery, it would have taken 15 s; 5 s is a bound no busy machine reaches.
    expect(Date.now() - started).toBeLessThan(5000);
    await receiver.waitFor('/held', 1);
    const [delivery] = await t.dataSource.manager.find(DeliveryEntity);
    expect(delivery).toMatchObject({ status: 'pending', lastStatus: null });
  });
});

/** The SSRF guard at delivery time (CALLBACK_ALLOW_PRIVATE_NETWORKS=false). */
describe('callback delivery, SSRF guard', () => {
  const receiver = useCallbackReceiver();
  const { t } = useTestApp({
    REDIS_URL: undefined,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'false',
    CALLBACK_POLL_INTERVAL_MS: '20',
    CALLBACK_RETRY_DELAYS: '100ms',
  });

  it('refuses a host that resolves to loopback, and a stored loopback address, without retrying', async () => {
    const admin = await t.createApp(APP_PERMISSIONS, 'admin');
    const byName = await t.createApp(NO_PERMISSIONS, 'by-name');
    const byAddress = await t.createApp(NO_PERMISSIONS, 'by-address');
    const port = new URL(receiver.url('/')).port;
    const put = await t.http.put('/callback/account_team_update', {
      auth: byName,
      body: { url: `http://localhost:${port}/name`, secret: 's' },
    });
    expect(put.status).toBe(200);
    // Registered while the guard was off: the guard still applies at delivery time.
    await t.dataSource.manager.insert(CallbackEntity, {
      appId: byAddress.id,
      event: 'account_team_update',
      url: receiver.url('/address'),
      secret: 's',
      createdAt: 0,
      updatedAt: 0,
    });
    await t.insertAccount({ id: '20', teamId: null });
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Green' } })).body.id;
    expect((await t.http.patch('/account/20', { auth: admin, body: { team } })).status).toBe(200);
    const deliveries = await settledDeliveries(t.dataSource, 2);
    const byApp = new Map(deliveries.map((delivery) => [delivery.appId, delivery]));
    expect(byApp.get(byName.id)).toMatchObject({ status: 'failed', attempts: 1, lastStatus: null });
    // The app reads why in its delivery log, without the address its host resolved to (docs/api.md#delivery-log).
    const log = await t.http.get('/callback/account_team_update/deliveries', { auth: byName });
    expect(log.status).toBe(200);
    const refused = byApp.get(byName.id)!;
    expect(log.body.data).toEqual([
      {
        id: String(refused.id),
        webhook_id: refused.webhookId,
        event: 'account_team_update',
        status: 'failed',
        attempts: 1,
        created_at: refused.createdAt,
        last_attempt_at: refused.lastAttemptAt,
        next_attempt_at: null,
        last_response_status: null,
        last_error: 'Refused to deliver to localhost: its name resolves to a non-public address (CALLBACK_ALLOW_PRIVATE_NETWORKS is off).',
        url: `http://localhost:${port}/name`,
      },
    ]);
    expect(byApp.get(byAddress.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatus: null,
      lastError: 'Refused to deliver to 127.0.0.1: not a public address (CALLBACK_ALLOW_PRIVATE_NETWORKS is off).',
    });
    await sleep(300);
    expect(receiver.received).toEqual([]);
    expect(await t.dataSource.manager.count(DeliveryEntity)).toBe(2);
  });

  it('refuses a loopback host even when another client holds a keep-alive socket to it', async () => {
    await t.reset();
    const admin = await t.createApp(APP_PERMISSIONS, 'admin');
    const listener = await t.createApp(NO_PERMISSIONS, 'listener');
    const port = new URL(receiver.url('/')).port;
    expect(
      (await t.http.put('/callback/account_team_update', { auth: listener, body: { url: `http://localhost:${port}/reused`, secret: 's' } }))
        .status,
    ).toBe(200);
    // An unguarded request through Node's global keep-alive agent leaves a socket to localhost:port in its pool.
    expect((await axios.get(`http://localhost:${port}/warm`, { httpAgent: globalAgent })).status).toBe(200);
    receiver.reset();
    await t.insertAccount({ id: '23', teamId: null });
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Teal' } })).body.id;
    expect((await t.http.patch('/account/23', { auth: admin, body: { team } })).status).toBe(200);
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatus: null });
    expect(delivery.lastError).toBe(
      'Refused to deliver to localhost: its name resolves to a non-public address (CALLBACK_ALLOW_PRIVATE_NETWORKS is off).',
    );
    expect(receiver.received).toEqual([]);
  });
});

/** Fair delivery across apps in embedded mode: each app holds at most its share of the process's slots (operations.md#retries). */
describe('callback delivery, embedded mode, receivers that hang', () => {
  // The default timeout (10 s), concurrency (10) and share of one app (2).
  const { t } = useTestApp({ REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', CALLBACK_POLL_INTERVAL_MS: '20' });
  // After the app's hooks, so the receiver closes first: the hanging connections are cut before the app closes.
  const receiver = useCallbackReceiver();

  it("delivers a healthy app's events at once while three apps' receivers hang, then every other one", async () => {
    const admin = await t.createApp(APP_PERMISSIONS, 'admin');
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    const paths = ['/healthy', '/hang-1', '/hang-2', '/hang-3'];
    for (const path of paths) {
      if (path !== '/healthy') receiver.hang(path);
      const app = await t.createApp(NO_PERMISSIONS, path.slice(1));
      const put = await t.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret: WHSEC } });
      expect(put.status).toBe(200);
    }
    const ids = Array.from({ length: 10 }, (_, i) => String(600 + i));
    const latencies: number[] = [];
    for (const id of ids) {
      await t.insertAccount({ id, teamId: null });
      const sent = Date.now();
      expect((await t.http.patch(`/account/${id}`, { auth: admin, body: { team } })).status).toBe(200);
      const received = await receiver.waitFor('/healthy', latencies.length + 1, 5000);
      latencies.push(received[received.length - 1].at - sent);
    }
    expect(Math.max(...latencies), `latencies (ms): ${latencies.join(' ')}`).toBeLessThan(2000);
    for (const path of paths.slice(1)) expect(receiver.mostOpenAtOnce(path)).toBe(2);

    for (const path of paths.slice(1)) receiver.answerHanging(path);
    const deliveries = await settledDeliveries(t.dataSource, 4 * ids.length, 20_000);
    expect(deliveries.filter((delivery) => delivery.status === 'succeeded')).toHaveLength(4 * ids.length);
    for (const path of paths) expect(new Set(receiver.requestsTo(path).map((request) => request.headers['webhook-id'])).size).toBe(10);
  }, 60_000);
});
