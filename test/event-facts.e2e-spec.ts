import { createHmac } from 'node:crypto';

import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { OutboxEventEntity } from '../src/events/outbox-event.entity.js';
import type { ReceivedCallback } from './support/callback-receiver.js';
import { embeddedDeliveryEnv, settledDeliveries } from './support/deliveries.js';
import { runCli } from './support/delivery-processes.js';
import { useDeliveryScenario, WHSEC } from './support/delivery-scenario.js';
import { OCCURRED_AT, teamUpdateBody } from './support/event-bodies.js';

const CALLBACK = '/callback/account_team_update';
/** A plain secret: sent as `Authorization: Bearer` (docs/api.md#events). */
const PLAIN = 'plain-shared-secret';

/** Everything a receiver saw of a delivery: its headers and its body. */
const wire = (request: ReceivedCallback) => JSON.stringify(request.headers) + request.body;

/** The `occurred_at` of a time in seconds, as the service writes it. */
const iso = (seconds: number) => new Date(Math.floor(seconds * 1000)).toISOString();

/**
 * Secrets on the wire and the signed facts of event bodies (docs/api.md#events): a `whsec_` secret never leaves the
 * service, a plain one is sent as `Authorization: Bearer`; bodies carry `type`, `occurred_at` and a per-account
 * `sequence` in commit order. Embedded delivery, on SQLite or on TEST_DATABASE_URL's MariaDB.
 */
describe('event facts and callback secrets', () => {
  const { t, receiver, s } = useDeliveryScenario(embeddedDeliveryEnv());

  it('never shows a whsec_ secret: not on the wire, not in the callback, the delivery log, its attempts or the CLI', async () => {
    const put = await t.http.put(CALLBACK, { auth: s.listener, body: { url: receiver.url('/whsec'), secret: WHSEC } });
    expect(put.status).toBe(200);
    receiver.script('/whsec', { status: 500, body: 'try again' }, { status: 200 });
    const account = await s.emit();
    const requests = await receiver.waitFor('/whsec', 2);
    const key = WHSEC.slice('whsec_'.length);
    for (const request of requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(wire(request)).not.toContain(key);
      expect(new Webhook(WHSEC).verify(request.body, request.headers as Record<string, string>)).toEqual(teamUpdateBody(account, 1));
    }
    const [delivery] = await settledDeliveries(t.dataSource, 1);
    const shown = [
      put.body,
      (await t.http.get(CALLBACK, { auth: s.listener })).body,
      (await t.http.get('/callbacks', { auth: s.listener })).body,
      (await t.http.get(`${CALLBACK}/deliveries`, { auth: s.listener })).body,
      (await t.http.get(`${CALLBACK}/deliveries/${delivery.id}`, { auth: s.listener })).body,
      (await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} })).body,
    ];
    expect(shown[4].attempt_log).toHaveLength(2);
    const cli = await runCli(t, ['deliveries', 'list', '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.stringify(shown) + cli.stdout + cli.stderr).not.toContain(key);
  });

  it('sends a plain secret as Authorization: Bearer, and stops sending it once the callback moves to a whsec_ secret', async () => {
    await s.register(s.listener, '/plain', PLAIN);
    await s.emit();
    const [plain] = await receiver.waitFor('/plain', 1);
    expect(plain.headers.authorization).toBe(`Bearer ${PLAIN}`);

    // The move of docs/api.md#secret-rotation: during the grace the plain secret's signature still verifies.
    await s.register(s.listener, '/plain', WHSEC);
    await s.emit();
    const [, moved] = await receiver.waitFor('/plain', 2);
    expect(moved.headers.authorization).toBeUndefined();
    expect(wire(moved)).not.toContain(WHSEC.slice('whsec_'.length));
    const [newest, previous] = (moved.headers['webhook-signature'] as string).split(' ');
    const { 'webhook-id': id, 'webhook-timestamp': timestamp } = moved.headers;
    expect(previous).toBe(`v1,${createHmac('sha256', PLAIN).update(`${id}.${timestamp}.${moved.body}`).digest('base64')}`);
    expect(() =>
      new Webhook(WHSEC).verify(moved.body, { ...moved.headers, 'webhook-signature': newest } as unknown as Record<string, string>),
    ).not.toThrow();
  });

  it('numbers the events of each account 1, 2, 3 in order, with the commit time, the same in every app and every retry', async () => {
    await s.register(s.listener, '/one');
    await s.register(s.other, '/two');
    receiver.script('/two', { status: 503 }, { status: 200 });
    await t.insertAccount({ id: '501', teamId: null });
    await t.insertAccount({ id: '502', teamId: null });
    const blue: number = (await t.http.post('/teams/new', { auth: s.admin, body: { name: 'Blue' } })).body.id;
    const moves: [string, number | null][] = [
      ['501', s.red],
      ['502', s.red],
      ['501', blue],
      ['501', null],
    ];
    const answers: { body: any; before: number; after: number }[] = [];
    for (const [account, team] of moves) {
      const before = Date.now();
      const moved = await t.http.patch(`/account/${account}`, { auth: s.admin, body: { team } });
      expect(moved.status).toBe(200);
      answers.push({ body: moved.body, before, after: Date.now() });
    }
    const one = await receiver.waitFor('/one', 4);
    const events = await t.dataSource.manager.find(OutboxEventEntity, { order: { id: 'ASC' } });
    const bodies = events.map((event) => JSON.parse(event.payload));
    expect(bodies).toEqual([
      teamUpdateBody(answers[0].body, 1),
      teamUpdateBody(answers[1].body, 1),
      teamUpdateBody(answers[2].body, 2),
      teamUpdateBody(answers[3].body, 3),
    ]);
    bodies.forEach((body, i) => {
      expect(body.occurred_at).toMatch(OCCURRED_AT);
      // Taken in the change's transaction: between the request's start and its answer, and the event's created_at.
      expect(Date.parse(body.occurred_at)).toBeGreaterThanOrEqual(answers[i].before);
      expect(Date.parse(body.occurred_at)).toBeLessThanOrEqual(answers[i].after);
      expect(body.occurred_at).toBe(iso(events[i].createdAt));
    });
    // The same body, byte for byte, to each app and on each attempt (the second app's first attempt failed).
    const two = await receiver.waitFor('/two', 5);
    expect(new Set(one.map((request) => request.body))).toEqual(new Set(events.map((event) => event.payload)));
    expect(new Set(two.map((request) => request.body))).toEqual(new Set(events.map((event) => event.payload)));
    // The delivery log shows the payload as sent.
    const log = (await t.http.get(`${CALLBACK}/deliveries`, { auth: s.listener })).body.data;
    const payloads = [];
    for (const entry of log) payloads.push((await t.http.get(`${CALLBACK}/deliveries/${entry.id}`, { auth: s.listener })).body.payload);
    expect(new Set(payloads.map((payload) => JSON.stringify(payload)))).toEqual(new Set(events.map((event) => event.payload)));
  });

  it('numbers every member of a deleted team after its earlier events', async () => {
    await s.register(s.listener, '/members');
    await t.insertAccount({ id: '601', teamId: null });
    await t.insertAccount({ id: '602', teamId: null });
    await s.join('601');
    await s.join('602');
    await t.http.patch('/account/602', { auth: s.admin, body: { team: null } });
    await s.join('602');
    expect((await t.http.delete(`/team/${s.red}`, { auth: s.admin })).status).toBe(204);
    const requests = await receiver.waitFor('/members', 6);
    const last = requests
      .map((request) => JSON.parse(request.body))
      .filter((body) => body.team === null && body.account.team === null)
      .sort((a, b) => a.account.id.localeCompare(b.account.id) || a.sequence - b.sequence);
    expect(last.map((body) => [body.account.id, body.sequence])).toEqual([
      ['601', 2],
      ['602', 2],
      ['602', 4],
    ]);
    // The deletion's two events share their commit time.
    expect(last[0].occurred_at).toBe(last[2].occurred_at);
  });

  it('keeps sequence exact under 20 concurrent moves of one account: 1..20 in commit order, the last one the final team', async () => {
    await s.register(s.listener, '/burst');
    await t.insertAccount({ id: '701', teamId: null });
    const teams: number[] = [];
    for (let i = 0; i < 20; i += 1) teams.push((await t.http.post('/teams/new', { auth: s.admin, body: { name: `T${i}` } })).body.id);
    // Each PATCH names another team, so each one, in whatever order they commit, is a change.
    const answers = await Promise.all(teams.map((team) => t.http.patch('/account/701', { auth: s.admin, body: { team } })));
    expect(answers.map((answer) => answer.status)).toEqual(teams.map(() => 200));

    const events = await t.dataSource.manager.find(OutboxEventEntity, { order: { id: 'ASC' } });
    const bodies = events.map((event) => JSON.parse(event.payload));
    // Outbox ids are given in the events' transactions, under the account's lock: commit order.
    expect(bodies.map((body) => body.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(bodies.map((body) => body.team.id))).toEqual(new Set(teams));
    for (let i = 1; i < bodies.length; i += 1)
      expect(Date.parse(bodies[i].occurred_at)).toBeGreaterThanOrEqual(Date.parse(bodies[i - 1].occurred_at));
    const final = (await t.http.get('/account/701')).body;
    expect(bodies[19].account).toEqual(final);

    const received = (await receiver.waitFor('/burst', 20)).map((request) => JSON.parse(request.body));
    expect(received.map((body) => body.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('sends a ping with type and occurred_at', async () => {
    await s.register(s.listener, '/ping', PLAIN);
    const ping = await t.http.post(`${CALLBACK}/ping`, { auth: s.listener, body: {} });
    expect(ping.status).toBe(202);
    const [request] = await receiver.waitFor('/ping', 1);
    expect(request.headers.authorization).toBe(`Bearer ${PLAIN}`);
    expect(request.headers['x-callback-event']).toBe('ping');
    const callback = (await t.http.get(CALLBACK, { auth: s.listener })).body;
    expect(JSON.parse(request.body)).toEqual({
      event: 'ping',
      callback: { ...callback, last_success_at: null },
      type: 'ping',
      occurred_at: iso(ping.body.created_at),
    });
    expect(JSON.parse(request.body).occurred_at).toMatch(OCCURRED_AT);
  });
});
