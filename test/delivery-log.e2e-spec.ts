import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { useDeliveryScenario, WHSEC } from './support/delivery-scenario.js';
import { embeddedDeliveryEnv, settledDeliveries, sleep } from './support/deliveries.js';
import { teamUpdateBody } from './support/event-bodies.js';

const CALLBACK_PATH = '/callback/account_team_update';
const LOG = `${CALLBACK_PATH}/deliveries`;
const PING = `${CALLBACK_PATH}/ping`;

/** The ids of a page of the delivery log. */
function ids(page: { data: { id: string }[] }): string[] {
  return page.data.map((delivery) => delivery.id);
}

/** The delivery log for apps (docs/api.md#delivery-log), embedded delivery (no REDIS_URL), with a real local receiver. */
describe('delivery log for apps', () => {
  const { t, receiver, s } = useDeliveryScenario(embeddedDeliveryEnv());

  it('lists the deliveries newest first with §3 pagination and filters; one shows its payload and attempt log', async () => {
    await s.register(s.listener, '/hook');
    const longBody = 'é'.repeat(3000);
    receiver.script('/hook', { status: 503, body: longBody });
    const account = await s.emit();
    await receiver.waitFor('/hook', 2);
    await settledDeliveries(t.dataSource, 1);
    receiver.script('/hook', { status: 400, body: 'no thanks' });
    await s.emit();
    await settledDeliveries(t.dataSource, 2);
    await s.emit();
    const rows = await settledDeliveries(t.dataSource, 3);

    const list = await t.http.get(LOG, { auth: s.listener });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 0, per_page: 20, pages: 1, results: 3 });
    expect(list.body.data.map((delivery: { id: string }) => delivery.id)).toEqual(rows.map((row) => String(row.id)).reverse());
    const [third, second, first] = list.body.data;
    expect(first).toEqual({
      id: String(rows[0].id),
      webhook_id: rows[0].webhookId,
      event: 'account_team_update',
      status: 'succeeded',
      attempts: 2,
      created_at: rows[0].createdAt,
      last_attempt_at: expect.any(Number),
      next_attempt_at: null,
      last_response_status: 200,
      last_error: null,
      url: receiver.url('/hook'),
    });
    expect(second).toMatchObject({ status: 'failed', attempts: 1, last_response_status: 400, last_error: 'HTTP 400' });
    expect(third).toMatchObject({ status: 'succeeded', attempts: 1 });

    const details = await t.http.get(`${LOG}/${rows[0].id}`, { auth: s.listener });
    expect(details.status).toBe(200);
    expect(details.body).toEqual({ ...first, payload: teamUpdateBody(account, 1), attempt_log: expect.any(Array) });
    const [one, two] = details.body.attempt_log;
    expect(details.body.attempt_log).toHaveLength(2);
    expect(one).toEqual({
      attempt: 1,
      at: expect.any(Number),
      duration_ms: expect.any(Number),
      response_status: 503,
      error: 'HTTP 503',
      response_body: 'é'.repeat(1024),
    });
    expect(two).toMatchObject({ attempt: 2, response_status: 200, error: null, response_body: 'ok' });
    expect(two.at).toBeGreaterThan(one.at);
    expect(JSON.stringify(details.body)).not.toContain(WHSEC);
    expect(JSON.stringify(details.body)).not.toContain('v1,');

    const alias = await t.http.get(`/callbacks/account_team_update/deliveries/${rows[0].id}`, { auth: s.listener });
    expect(alias.body).toEqual(details.body);

    const failed = await t.http.get(`${LOG}?status=failed`, { auth: s.listener });
    expect(failed.body).toMatchObject({ results: 1, data: [{ id: String(rows[1].id) }] });
    const page = await t.http.get(`${LOG}?per_page=2&page=1`, { auth: s.listener });
    expect(page.body).toMatchObject({ page: 1, per_page: 2, pages: 2, results: 3, has_more: false, data: [{ id: String(rows[0].id) }] });
    expect((await t.http.get(`${LOG}?per_page=2`, { auth: s.listener })).body).toMatchObject({ page: 0, has_more: true });
    const past = await t.http.get(`${LOG}?page=5`, { auth: s.listener });
    expect(past.body).toEqual({ page: 5, per_page: 20, pages: 1, results: 3, has_more: false, data: [] });
    const since = await t.http.get(`${LOG}?since=${rows[1].createdAt}`, { auth: s.listener });
    expect(since.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([String(rows[2].id), String(rows[1].id)]);
    const until = await t.http.get(`${LOG}?until=${rows[1].createdAt}`, { auth: s.listener });
    expect(until.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([String(rows[0].id)]);
  });

  it('pages by cursor (starting_after) in the list order, never repeating or skipping a delivery while new ones are recorded', async () => {
    await s.register(s.listener, '/walk');
    for (let i = 0; i < 7; i++) expect((await t.http.post(PING, { auth: s.listener, body: {} })).status).toBe(202);
    const rows = await settledDeliveries(t.dataSource, 7);
    // created_at out of id order, with ties, as the relay records deliveries after their events' commits.
    const base = Math.floor(Date.now() / 1000) - 600;
    const setCreated = (id: number, at: number) => t.dataSource.query('UPDATE deliveries SET created_at = ? WHERE id = ?', [at, id]);
    const offsets = [5, 3, 3, 7, 1, 3, 6];
    for (const [index, row] of rows.entries()) await setCreated(row.id, base + offsets[index]);
    const order = rows
      .map((row, index) => ({ id: row.id, at: base + offsets[index] }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((row) => String(row.id));

    const first = await t.http.get(`${LOG}?per_page=3`, { auth: s.listener });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 0, per_page: 3, pages: 3, results: 7, has_more: true });
    expect(ids(first.body)).toEqual(order.slice(0, 3));

    // Between pages: a newer delivery (above the cursor: not in this walk), and one recorded late with an
    // older created_at (below the cursor: in this walk, at its place).
    expect((await t.http.post(PING, { auth: s.listener, body: {} })).status).toBe(202);
    expect((await t.http.post(PING, { auth: s.listener, body: {} })).status).toBe(202);
    const [newer, late] = (await settledDeliveries(t.dataSource, 9)).slice(7);
    await setCreated(late.id, base + 2);
    const expected = [...order.slice(0, 6), String(late.id), order[6]];

    const walked = [...ids(first.body)];
    let cursor = walked.at(-1)!;
    for (let more = true; more;) {
      const page = await t.http.get(`${LOG}?per_page=3&starting_after=${cursor}`, { auth: s.listener });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ page: null, per_page: 3, pages: 3, results: 9 });
      walked.push(...ids(page.body));
      cursor = walked.at(-1)!;
      more = page.body.has_more;
    }
    expect(walked).toEqual(expected);
    expect(walked).not.toContain(String(newer.id));

    // The same cursors through the alias, with filters: the filter applies below the cursor's place.
    const alias = await t.http.get(`/callbacks/account_team_update/deliveries?starting_after=${order[0]}&since=${base + 3}`, {
      auth: s.listener,
    });
    expect(alias.body).toMatchObject({ page: null, per_page: 20, results: 7, has_more: false });
    expect(ids(alias.body)).toEqual(order.slice(1, 6));
    // After the last delivery: an empty last page.
    const last = await t.http.get(`${LOG}?starting_after=${order.at(-1)}`, { auth: s.listener });
    expect(last.body).toEqual({ page: null, per_page: 20, pages: 1, results: 9, has_more: false, data: [] });
  });

  it('filters by the account the event is about, with status, since and the cursor; never another app’s; pings are about none', async () => {
    await s.register(s.listener, '/mine');
    await s.register(s.other, '/theirs');
    receiver.script('/mine', { status: 400 });
    const big = '18446744073709551615';
    await t.insertAccount({ id: big, teamId: null });
    await s.join(big);
    const left = await t.http.patch(`/account/${big}`, { auth: s.admin, body: { team: null } });
    expect(left.status).toBe(200);
    const someone = await s.emit();
    expect((await t.http.post(PING, { auth: s.listener, body: {} })).status).toBe(202);
    const rows = await settledDeliveries(t.dataSource, 7);
    const of = (app: { id: number }, account: string | null) =>
      rows.filter((row) => row.appId === app.id && row.accountId === account).map((row) => String(row.id));
    expect([of(s.listener, big).length, of(s.other, big).length, of(s.listener, someone.id).length, of(s.listener, null).length]).toEqual([
      2, 2, 1, 1,
    ]);
    const mine = of(s.listener, big).reverse();

    const list = await t.http.get(`${LOG}?account=${big}`, { auth: s.listener });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 0, per_page: 20, pages: 1, results: 2, has_more: false });
    expect(ids(list.body)).toEqual(mine);
    expect(list.body.data.every((delivery: { event: string }) => delivery.event === 'account_team_update')).toBe(true);
    // Another app sees its own deliveries about it only.
    const theirs = await t.http.get(`/callbacks/account_team_update/deliveries?account=${big}`, { auth: s.other });
    expect(theirs.body).toMatchObject({ results: 2 });
    expect(ids(theirs.body)).toEqual(of(s.other, big).reverse());
    const theirCursor = await t.http.get(`${LOG}?account=${big}&starting_after=${mine[0]}`, { auth: s.other });
    expect(theirCursor.status).toBe(422);

    const first = await t.http.get(`${LOG}?account=${big}&per_page=1`, { auth: s.listener });
    expect(first.body).toMatchObject({ page: 0, per_page: 1, pages: 2, results: 2, has_more: true });
    expect(ids(first.body)).toEqual([mine[0]]);
    const next = await t.http.get(`${LOG}?account=${big}&per_page=1&starting_after=${mine[0]}`, { auth: s.listener });
    expect(next.body).toMatchObject({ page: null, per_page: 1, pages: 2, results: 2, has_more: false });
    expect(ids(next.body)).toEqual([mine[1]]);
    expect((await t.http.get(`${LOG}?account=${big}&per_page=1&page=1`, { auth: s.listener })).body.data[0].id).toBe(mine[1]);

    // The receiver refused its first request only.
    const inStatus = (status: string) => mine.filter((id) => rows.find((row) => String(row.id) === id)!.status === status);
    expect(inStatus('failed').length + inStatus('succeeded').length).toBe(2);
    for (const status of ['failed', 'succeeded']) {
      const filtered = await t.http.get(`${LOG}?account=${big}&status=${status}`, { auth: s.listener });
      expect([status, filtered.body.results, ids(filtered.body)]).toEqual([status, inStatus(status).length, inStatus(status)]);
    }
    const none = await t.http.get(`${LOG}?account=${big}&status=pending`, { auth: s.listener });
    expect(none.body).toEqual({ page: 0, per_page: 20, pages: 0, results: 0, has_more: false, data: [] });
    const created = rows.find((row) => String(row.id) === mine[0])!.createdAt;
    const since = await t.http.get(`${LOG}?account=${big}&since=${created}`, { auth: s.listener });
    expect([since.body.results, ids(since.body)]).toEqual([1, [mine[0]]]);
    // Leading zeros name the same account.
    expect(ids((await t.http.get(`${LOG}?account=00${someone.id}`, { auth: s.listener })).body)).toEqual(of(s.listener, someone.id));
    const nobody = await t.http.get(`${LOG}?account=1`, { auth: s.listener });
    expect(nobody.body).toEqual({ page: 0, per_page: 20, pages: 0, results: 0, has_more: false, data: [] });
    expect((await t.http.get(LOG, { auth: s.listener })).body.results).toBe(4);

    for (const value of ['abc', '-1', '1.5', '', '18446744073709551616', `${big}&account=1`]) {
      const response = await t.http.get(`${LOG}?account=${value}`, { auth: s.listener });
      expect([value, response.status, response.body]).toEqual([
        value,
        422,
        { detail: [{ loc: ['query', 'account'], msg: 'value is not a valid account id', type: 'type_error.integer' }] },
      ]);
    }
  });

  it('refuses a malformed cursor, a cursor with page, and one that is not among its deliveries for the event type (422)', async () => {
    await s.register(s.listener, '/cursor');
    await s.register(s.other, '/theirs');
    expect((await t.http.post(PING, { auth: s.listener, body: {} })).status).toBe(202);
    expect((await t.http.post(PING, { auth: s.other, body: {} })).status).toBe(202);
    const [mine, theirs] = await settledDeliveries(t.dataSource, 2);
    const loc = ['query', 'starting_after'];
    const cases: [string, { msg: string; type: string }][] = [
      ['abc', { msg: 'value is not a valid integer', type: 'type_error.integer' }],
      ['1.5', { msg: 'value is not a valid integer', type: 'type_error.integer' }],
      ['', { msg: 'value is not a valid integer', type: 'type_error.integer' }],
      ['99999999999999999999', { msg: 'value is not a valid integer', type: 'type_error.integer' }],
      ['0', { msg: 'ensure this value is greater than or equal to 1', type: 'value_error.number.not_ge' }],
      [`${mine.id}&page=0`, { msg: 'starting_after and page cannot be combined', type: 'value_error.exclusive' }],
      ['999999', { msg: 'Delivery not found.', type: 'value_error.not_found' }],
      [String(theirs.id), { msg: 'Delivery not found.', type: 'value_error.not_found' }],
    ];
    for (const [value, error] of cases) {
      const response = await t.http.get(`${LOG}?starting_after=${value}`, { auth: s.listener });
      expect([value, response.status, response.body]).toEqual([value, 422, { detail: [{ loc, ...error }] }]);
    }
    // The cursor is a delivery of this app for this event type, whatever the filter.
    const filtered = await t.http.get(`${LOG}?starting_after=${mine.id}&status=failed`, { auth: s.listener });
    expect(filtered.body).toEqual({ page: null, per_page: 20, pages: 0, results: 0, has_more: false, data: [] });
    const tail = await t.http.get(`${LOG}?starting_after=${theirs.id}`, { auth: s.other });
    expect([tail.status, tail.body.data]).toEqual([200, []]);
  });

  it("dates a team change's delivery at its event's commit, before a ping asked for after the PATCH returned", async () => {
    await s.register(s.listener, '/order');
    const account = await s.emit();
    const ping = await t.http.post(PING, { auth: s.listener, body: {} });
    expect(ping.status).toBe(202);
    const rows = await settledDeliveries(t.dataSource, 2);
    const list = await t.http.get(LOG, { auth: s.listener });
    expect(list.body.results).toBe(2);
    const change = list.body.data.find((delivery: { event: string }) => delivery.event === 'account_team_update');
    expect(change.created_at).toBeLessThanOrEqual(ping.body.created_at);
    expect(ids(list.body)).toEqual([ping.body.id, change.id]);
    const details = await t.http.get(`${LOG}/${change.id}`, { auth: s.listener });
    expect(details.body.payload).toEqual(teamUpdateBody(account, 1));
    expect(new Date(Math.floor(change.created_at * 1000)).toISOString()).toBe(details.body.payload.occurred_at);
    expect(rows.map((row) => row.createdAt).sort()).toEqual([change.created_at, ping.body.created_at].sort());
  });

  it('answers bad input with a 4xx of §1/§3, never a 5xx', async () => {
    await s.register(s.listener, '/hook');
    const session = await t.login((await t.insertAccount({ id: '55', teamId: null })).id);
    const future = Math.ceil(Date.now() / 1000) + 3600;
    const cases: [string, string, number][] = [
      ['GET', `${LOG}?status=bogus`, 422],
      ['GET', `${LOG}?since=abc`, 422],
      ['GET', `${LOG}?since=${future}`, 422],
      ['GET', `${LOG}?until=1e999`, 422],
      ['GET', `${LOG}?per_page=1000000`, 422],
      ['GET', `${LOG}?per_page=0`, 422],
      ['GET', `${LOG}?page=-1`, 422],
      ['GET', '/callback/nope/deliveries', 422],
      ['GET', `${LOG}/999999`, 404],
      ['GET', `${LOG}/0`, 404],
      ['GET', `${LOG}/99999999999999999999`, 404],
      ['GET', `${LOG}/abc`, 422],
      ['POST', `${LOG}/999999/redeliver`, 404],
      ['POST', `${LOG}/1.5/redeliver`, 422],
    ];
    for (const [method, path, status] of cases) {
      const response =
        method === 'GET' ? await t.http.get(path, { auth: s.listener }) : await t.http.post(path, { auth: s.listener, body: {} });
      expect([path, response.status]).toEqual([path, status]);
      if (status === 422) expect(Array.isArray(response.body.detail)).toBe(true);
      else expect(typeof response.body.detail).toBe('string');
    }
    const futureBody = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: future } });
    expect(futureBody.status).toBe(422);
    expect(futureBody.body).toEqual({
      detail: [{ loc: ['body', 'since'], msg: 'since must not be in the future', type: 'value_error.number.not_le' }],
    });
    for (const body of [{}, { since: 'yesterday' }, { since: '1795700000' }, { since: null }]) {
      const response = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body });
      expect([body, response.status]).toEqual([body, 422]);
    }
    for (const auth of [session, undefined]) {
      expect((await t.http.get(LOG, { auth })).status).toBe(401);
      expect((await t.http.post('/callback/account_team_update/ping', { auth, body: {} })).status).toBe(401);
      expect((await t.http.post('/callback/account_team_update/recover', { auth, body: { since: 0 } })).status).toBe(401);
      expect((await t.http.post('/callback/account_team_update/enable', { auth, body: {} })).status).toBe(401);
    }
  });

  it("never shows, redelivers or pings another app's deliveries", async () => {
    await s.register(s.listener, '/mine');
    await s.register(s.other, '/theirs');
    receiver.script('/mine', { status: 400 });
    await s.emit();
    const rows = await settledDeliveries(t.dataSource, 2);
    const mine = rows.find((row) => row.appId === s.listener.id)!;
    const theirs = rows.find((row) => row.appId === s.other.id)!;

    const list = await t.http.get(LOG, { auth: s.other });
    expect(list.body).toMatchObject({ results: 1, data: [{ id: String(theirs.id) }] });
    for (const path of [`${LOG}/${mine.id}`, `/callbacks/account_team_update/deliveries/${mine.id}`]) {
      const response = await t.http.get(path, { auth: s.other });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: `No delivery ${mine.id} for this callback.` });
    }
    expect((await t.http.post(`${LOG}/${mine.id}/redeliver`, { auth: s.other, body: {} })).status).toBe(404);
    expect((await t.http.post('/callback/account_team_update/recover', { auth: s.other, body: { since: 0 } })).body).toEqual({
      redelivered: 0,
    });
    await sleep(200);
    expect(receiver.requestsTo('/mine')).toHaveLength(1);
    const ping = await t.http.post('/callback/account_team_update/ping', { auth: s.other, body: {} });
    expect(ping.status).toBe(202);
    await receiver.waitFor('/theirs', 2);
    expect(receiver.requestsTo('/mine')).toHaveLength(1);
    expect((await t.http.get(LOG, { auth: s.listener })).body.results).toBe(1);
  });

  it('redelivers a failed or succeeded delivery with the same webhook-id; 409 while pending or cancelled', async () => {
    await s.register(s.listener, '/again');
    receiver.script('/again', { status: 410, body: 'gone' });
    await s.emit();
    const [failed] = await settledDeliveries(t.dataSource, 1);

    const redeliver = await t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: s.listener, body: {} });
    expect(redeliver.status).toBe(202);
    expect(redeliver.body).toMatchObject({ id: String(failed.id), webhook_id: failed.webhookId, status: 'pending', attempts: 1 });
    const [first, second] = await receiver.waitFor('/again', 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    await settledDeliveries(t.dataSource, 1);
    const details = await t.http.get(`${LOG}/${failed.id}`, { auth: s.listener });
    expect(details.body).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(
      details.body.attempt_log.map((attempt: { attempt: number; response_status: number }) => [attempt.attempt, attempt.response_status]),
    ).toEqual([
      [1, 410],
      [2, 200],
    ]);

    // While an attempt hangs the delivery is pending: a redelivery is a 409, and of two racing ones only one starts a round.
    receiver.script('/again', { status: 200, delayMs: 300 });
    const [a, b] = await Promise.all([
      t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: s.listener, body: {} }),
      t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: s.listener, body: {} }),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    await receiver.waitFor('/again', 3);
    const pending = await t.http.post(`${LOG}/${failed.id}/redeliver`, { auth: s.listener, body: {} });
    expect(pending.status).toBe(409);
    expect(pending.body).toEqual({ detail: `Delivery ${failed.id} is pending: it is being delivered.` });
    await settledDeliveries(t.dataSource, 1);
    await sleep(100);
    expect(receiver.requestsTo('/again')).toHaveLength(3);

    // Cancelled: the callback was deleted while the delivery waited.
    receiver.script('/again', { status: 503 });
    await s.emit();
    await receiver.waitFor('/again', 4);
    expect((await t.http.delete('/callback/account_team_update', { auth: s.listener })).status).toBe(204);
    const rows = await settledDeliveries(t.dataSource, 2);
    expect(rows[1].status).toBe('cancelled');
    await s.register(s.listener, '/again');
    const cancelled = await t.http.post(`${LOG}/${rows[1].id}/redeliver`, { auth: s.listener, body: {} });
    expect(cancelled.status).toBe(409);
    expect((await t.http.get(LOG, { auth: s.listener })).body.data[0]).toMatchObject({ id: String(rows[1].id), status: 'cancelled' });
  });

  it('recovers every failed delivery since a time, answering at once', async () => {
    await s.register(s.listener, '/recover');
    receiver.script('/recover', { status: 400 }, { status: 400 }, { status: 400 });
    // One at a time: events relayed in one pass share their created_at.
    await s.emit();
    await settledDeliveries(t.dataSource, 1);
    await s.emit();
    await settledDeliveries(t.dataSource, 2);
    await s.emit();
    const rows = await settledDeliveries(t.dataSource, 3);
    expect(rows.every((row) => row.status === 'failed')).toBe(true);

    const since = rows[1].createdAt;
    const recover = await t.http.post('/callbacks/account_team_update/recover', { auth: s.listener, body: { since } });
    expect(recover.status).toBe(202);
    expect(recover.body).toEqual({ redelivered: 2 });
    await receiver.waitFor('/recover', 5);
    const after = await settledDeliveries(t.dataSource, 3);
    expect(after.map((row) => row.status)).toEqual(['failed', 'succeeded', 'succeeded']);
    const ids = receiver
      .requestsTo('/recover')
      .slice(3)
      .map((request) => request.headers['webhook-id']);
    expect(ids.sort()).toEqual([rows[1].webhookId, rows[2].webhookId].sort());
  });

  it('pings the callback with a signed delivery listed among the others; 404 without a callback', async () => {
    expect((await t.http.post('/callback/account_team_update/ping', { auth: s.listener, body: {} })).status).toBe(404);
    await s.register(s.listener, '/ping');
    const ping = await t.http.post('/callback/account_team_update/ping', { auth: s.listener, body: {} });
    expect(ping.status).toBe(202);
    expect(ping.body).toMatchObject({ event: 'ping', status: 'pending', attempts: 0, url: receiver.url('/ping'), last_error: null });
    const [request] = await receiver.waitFor('/ping', 1);
    expect(request.headers['x-callback-event']).toBe('ping');
    expect(request.headers['webhook-id']).toBe(ping.body.webhook_id);
    const callback = (await t.http.get('/callback/account_team_update', { auth: s.listener })).body;
    const body = new Webhook(WHSEC).verify(request.body, request.headers as Record<string, string>);
    expect(body).toEqual({
      event: 'ping',
      callback: { ...callback, last_success_at: null },
      type: 'ping',
      occurred_at: new Date(Math.floor(ping.body.created_at * 1000)).toISOString(),
    });
    expect(request.headers.authorization).toBeUndefined();
    await settledDeliveries(t.dataSource, 1);
    const list = await t.http.get(LOG, { auth: s.listener });
    expect(list.body.data).toEqual([expect.objectContaining({ id: ping.body.id, event: 'ping', status: 'succeeded', attempts: 1 })]);
  });

  it('replays the first answer of ping, redeliver and recover sent again with the same Idempotency-Key', async () => {
    await s.register(s.listener, '/keyed');
    const key = { 'idempotency-key': 'ping-1' };
    const first = await t.http.post('/callback/account_team_update/ping', { auth: s.listener, body: {}, headers: key });
    const again = await t.http.post('/callback/account_team_update/ping', { auth: s.listener, body: {}, headers: key });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const [delivery] = await settledDeliveries(t.dataSource, 1);

    const redeliverKey = { 'idempotency-key': 'redeliver-1' };
    const redelivered = await t.http.post(`${LOG}/${delivery.id}/redeliver`, { auth: s.listener, body: {}, headers: redeliverKey });
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ id: String(delivery.id), status: 'pending', next_attempt_at: expect.any(Number) });
    await receiver.waitFor('/keyed', 2);
    await settledDeliveries(t.dataSource, 1);
    const replayed = await t.http.post(`${LOG}/${delivery.id}/redeliver`, { auth: s.listener, body: {}, headers: redeliverKey });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body]).toEqual([202, 'true', redelivered.body]);

    const recoverKey = { 'idempotency-key': 'recover-1' };
    const recovered = await t.http.post(`${CALLBACK_PATH}/recover`, { auth: s.listener, body: { since: 0 }, headers: recoverKey });
    const recoveredAgain = await t.http.post(`${CALLBACK_PATH}/recover`, { auth: s.listener, body: { since: 0 }, headers: recoverKey });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 0 }]);
    expect([recoveredAgain.status, recoveredAgain.headers.get('idempotent-replayed'), recoveredAgain.body]).toEqual([
      202,
      'true',
      { redelivered: 0 },
    ]);
    await sleep(200);
    expect(receiver.requestsTo('/keyed')).toHaveLength(2);
    expect(await t.dataSource.manager.count(DeliveryEntity)).toBe(1);
  });

  it('logs every attempt to a receiver that hangs as a timeout, without an answer status or body', async () => {
    await s.register(s.listener, '/hang');
    receiver.script('/hang', { status: 200, delayMs: 2000 }, { status: 200, delayMs: 2000 }, { status: 200, delayMs: 2000 });
    await s.emit();
    const [delivery] = await settledDeliveries(t.dataSource, 1, 20_000);
    expect(delivery.status).toBe('failed');
    const details = await t.http.get(`${LOG}/${delivery.id}`, { auth: s.listener });
    expect(details.body.attempt_log).toHaveLength(3);
    for (const attempt of details.body.attempt_log) {
      expect(attempt).toMatchObject({ response_status: null, error: 'Timed out after 500 ms.', response_body: null });
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(450);
    }
    expect(details.body).toMatchObject({ last_response_status: null, last_error: 'Timed out after 500 ms.' });

    const rows = await t.dataSource.manager.find(DeliveryEntity);
    expect(rows).toHaveLength(1);
  });
});
