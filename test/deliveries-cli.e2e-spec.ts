import { In } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { OutboxEventEntity } from '../src/events/outbox-event.entity.js';
import { runCli } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { embeddedDeliveryEnv, settledDeliveries } from './support/deliveries.js';

const DAY = 86_400;

/** `deliveries list | redeliver | prune` of the operator CLI against an API delivering in embedded mode. */
describe('deliveries CLI', () => {
  const { t, receiver, s } = useDeliveryScenario(
    // The API's own retention pass (every minute) must not prune the 40-day-old rows before the CLI does.
    embeddedDeliveryEnv({ CALLBACK_RETRY_DELAYS: '100ms', DELIVERY_RETENTION: '520w' }),
  );

  const cli = (...args: string[]) => runCli(t, ['deliveries', ...args]);

  /** Registers the listener on `path`, scripts its answers, moves a new account into the team; waits for the delivery to settle. */
  async function deliver(path: string, accountId: string, ...statuses: number[]): Promise<DeliveryEntity> {
    await s.register(s.listener, path);
    receiver.script(path, ...statuses.map((status) => ({ status })));
    const expected = (await t.dataSource.manager.count(DeliveryEntity)) + 1;
    await t.insertAccount({ id: accountId, teamId: null });
    await s.join(accountId);
    const deliveries = await settledDeliveries(t.dataSource, expected);
    return deliveries[deliveries.length - 1];
  }

  it('lists recent and failed deliveries with their attempts and last status', async () => {
    const failed = await deliver('/failing', '1', 500, 500);
    const succeeded = await deliver('/fine', '2', 200);

    const json = await cli('list', '--json');
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout);
    // As the apps' log shows them (ids as strings, attempts of every round, the URL each was sent to), with the app.
    expect(listed).toEqual([
      {
        id: String(succeeded.id),
        webhook_id: succeeded.webhookId,
        event: 'account_team_update',
        status: 'succeeded',
        attempts: 1,
        created_at: succeeded.createdAt,
        last_attempt_at: succeeded.lastAttemptAt,
        next_attempt_at: null,
        last_response_status: 200,
        last_error: null,
        url: receiver.url('/fine'),
        app: `A${s.listener.id}`,
      },
      {
        id: String(failed.id),
        webhook_id: failed.webhookId,
        event: 'account_team_update',
        status: 'failed',
        attempts: 2,
        created_at: failed.createdAt,
        last_attempt_at: failed.lastAttemptAt,
        next_attempt_at: null,
        last_response_status: 500,
        last_error: 'HTTP 500',
        url: receiver.url('/failing'),
        app: `A${s.listener.id}`,
      },
    ]);

    const onlyFailed = await cli('list', '--failed', '--json');
    expect(JSON.parse(onlyFailed.stdout).map((delivery: { id: string }) => delivery.id)).toEqual([String(failed.id)]);
    const limited = await cli('list', '--limit', '1', '--json');
    expect(JSON.parse(limited.stdout).map((delivery: { id: string }) => delivery.id)).toEqual([String(succeeded.id)]);

    const text = await cli('list', '--failed');
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(
      `#${failed.id}\tfailed\tevent=account_team_update\tapp=A${s.listener.id}\tattempts=2\tlast_status=500\t` +
        `created=${new Date(failed.createdAt * 1000).toISOString()}\tlast_attempt=${new Date(failed.lastAttemptAt! * 1000).toISOString()}\t` +
        `url=${receiver.url('/failing')}\terror="HTTP 500"\n`,
    );

    const badLimit = await cli('list', '--limit', '0');
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toContain('limit must be a positive integer, got "0".');
  }, 90_000);

  it("lists in the apps' log's order (created_at, then id) and pages after a delivery as the API's cursor does", async () => {
    await s.register(s.listener, '/order');
    for (let i = 0; i < 5; i++)
      expect((await t.http.post('/callback/account_team_update/ping', { auth: s.listener, body: {} })).status).toBe(202);
    const rows = await settledDeliveries(t.dataSource, 5);
    // created_at out of id order, with a tie, as the relay records deliveries after their events' commits.
    const base = Math.floor(Date.now() / 1000) - 600;
    for (const [index, offset] of [4, 2, 5, 2, 1].entries()) {
      await t.dataSource.query('UPDATE deliveries SET created_at = ? WHERE id = ?', [base + offset, rows[index].id]);
    }
    const ids = (body: { id: string }[]) => body.map((delivery) => delivery.id);
    const api = await t.http.get('/callback/account_team_update/deliveries', { auth: s.listener });
    const all = await cli('list', '--json');
    expect(all.code, all.stderr).toBe(0);
    expect(ids(JSON.parse(all.stdout))).toEqual(ids(api.body.data));
    expect(ids(api.body.data)).toEqual([2, 0, 3, 1, 4].map((index) => String(rows[index].id)));

    const cursor = api.body.data[1].id;
    const apiPage = await t.http.get(`/callback/account_team_update/deliveries?per_page=2&starting_after=${cursor}`, { auth: s.listener });
    const cliPage = await cli('list', '--limit', '2', '--starting-after', cursor, '--json');
    expect(cliPage.code, cliPage.stderr).toBe(0);
    expect(JSON.parse(cliPage.stdout)).toEqual(apiPage.body.data.map((delivery: object) => ({ ...delivery, app: `A${s.listener.id}` })));
    expect(ids(JSON.parse(cliPage.stdout))).toEqual(ids(api.body.data.slice(2, 4)));
    const last = await cli('list', '--starting-after', api.body.data[4].id, '--json');
    expect([last.code, last.stdout]).toEqual([0, '[]\n']);

    const unknown = await cli('list', '--starting-after', '999999');
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('No delivery 999999.')]);
    const malformed = await cli('list', '--starting-after', 'x');
    expect([malformed.code, malformed.stderr]).toEqual([1, expect.stringContaining('starting-after must be a positive integer, got "x".')]);
  }, 90_000);

  it("lists the deliveries of events about one account, of every app, as the apps' log filtered by account does", async () => {
    await s.register(s.listener, '/mine');
    await s.register(s.other, '/other');
    for (const id of ['18446744073709551615', '5']) {
      await t.insertAccount({ id, teamId: null });
      await s.join(id);
    }
    // One event about each account, delivered to both apps.
    const all = await settledDeliveries(t.dataSource, 4);
    const about = all.filter((delivery) => delivery.accountId === '18446744073709551615');
    expect(about.map((delivery) => delivery.appId).sort()).toEqual([s.listener.id, s.other.id].sort());

    const listed = await cli('list', '--account', '18446744073709551615', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const shown = JSON.parse(listed.stdout);
    const apiPage = await t.http.get('/callback/account_team_update/deliveries?account=18446744073709551615', { auth: s.listener });
    expect(shown.filter((delivery: { app: string }) => delivery.app === `A${s.listener.id}`)).toEqual(
      apiPage.body.data.map((delivery: object) => ({ ...delivery, app: `A${s.listener.id}` })),
    );
    expect(shown.map((delivery: { id: string }) => delivery.id)).toEqual(
      [...about].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((delivery) => String(delivery.id)),
    );
    const paged = await cli('list', '--account', '18446744073709551615', '--starting-after', shown[0].id, '--limit', '1', '--json');
    expect(JSON.parse(paged.stdout)).toEqual([shown[1]]);
    const failedOnly = await cli('list', '--account', '18446744073709551615', '--failed', '--json');
    expect([failedOnly.code, failedOnly.stdout]).toEqual([0, '[]\n']);

    const nobody = await cli('list', '--account', '0042', '--json');
    expect([nobody.code, nobody.stdout]).toEqual([0, '[]\n']);
    for (const bad of ['18446744073709551616', '-1', 'A1', '1.5']) {
      const refused = await cli('list', '--account', bad);
      expect([refused.code, refused.stderr]).toEqual([
        1,
        expect.stringContaining(`account must be an account id (digits, at most 2^64-1), got "${bad}".`),
      ]);
    }
  }, 90_000);

  it('shows a delivery retried once as the API does: attempts of both rounds, the URL it was sent to, the same id', async () => {
    const failed = await deliver('/first', '7', 410);
    const redeliver = await t.http.post(`/callback/account_team_update/deliveries/${failed.id}/redeliver`, { auth: s.listener, body: {} });
    expect(redeliver.status).toBe(202);
    await receiver.waitFor('/first', 2);
    await settledDeliveries(t.dataSource, 1);
    // The callback moves on: the delivery was still sent to /first.
    await s.register(s.listener, '/moved');

    const api = await t.http.get('/callback/account_team_update/deliveries', { auth: s.listener });
    expect(api.status).toBe(200);
    const listed = await cli('list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const [shown] = JSON.parse(listed.stdout);
    expect(shown).toEqual({ ...api.body.data[0], app: `A${s.listener.id}` });
    expect(shown).toMatchObject({ id: String(failed.id), status: 'succeeded', attempts: 2, url: receiver.url('/first') });
    const text = await cli('list');
    expect(text.stdout).toContain(`#${failed.id}\tsucceeded\tevent=account_team_update\tapp=A${s.listener.id}\tattempts=2\t`);
    expect(text.stdout).toContain(`\turl=${receiver.url('/first')}\n`);
  }, 90_000);

  it('redelivers a failed delivery with the same webhook-id; refuses other cases', async () => {
    const failed = await deliver('/again', '3', 410);
    const [first] = receiver.requestsTo('/again');

    const redeliver = await cli('redeliver', String(failed.id));
    expect(redeliver).toMatchObject({ code: 0, stdout: `Delivery ${failed.id} is queued for redelivery.\n` });
    const [, second] = await receiver.waitFor('/again', 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    const [delivered] = await settledDeliveries(t.dataSource, 1);
    expect(delivered).toMatchObject({ id: failed.id, status: 'succeeded', attempts: 1, round: 1, lastStatus: 200, lastError: null });

    // A succeeded delivery can be sent again too (docs/api.md#delivery-log: the same rule as the apps' redeliver).
    const again = await cli('redeliver', String(failed.id));
    expect(again).toMatchObject({ code: 0, stdout: `Delivery ${failed.id} is queued for redelivery.\n` });
    const [, , third] = await receiver.waitFor('/again', 3);
    expect(third.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await settledDeliveries(t.dataSource, 1);
    const unknown = await cli('redeliver', '999999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No delivery with id 999999.');
    const malformed = await cli('redeliver', 'x');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('id must be a positive integer, got "x".');

    await t.dataSource.manager.update(DeliveryEntity, { id: failed.id }, { status: 'failed' });
    expect((await t.http.delete('/callback/account_team_update', { auth: s.listener })).status).toBe(204);
    const orphan = await cli('redeliver', String(failed.id));
    expect(orphan.code).toBe(1);
    expect(orphan.stderr).toContain(`Delivery ${failed.id} cannot be redelivered: its callback was deleted.`);
    expect(receiver.requestsTo('/again')).toHaveLength(3);
  }, 90_000);

  it('prunes finished deliveries older than a duration, and their events; failed ones only when asked', async () => {
    const failed = await deliver('/old', '4', 400);
    const succeeded = await deliver('/old', '5', 200);
    const recent = await deliver('/old', '6', 200);
    const longAgo = Date.now() / 1000 - 40 * DAY;
    await t.dataSource.manager.update(DeliveryEntity, { id: failed.id }, { createdAt: longAgo, updatedAt: longAgo });
    await t.dataSource.manager.update(DeliveryEntity, { id: succeeded.id }, { createdAt: longAgo, updatedAt: longAgo });
    await t.dataSource.manager.update(OutboxEventEntity, { id: In([failed.eventId, succeeded.eventId]) }, { dispatchedAt: longAgo });

    const pruned = await cli('prune', '--older-than', '30d');
    expect(pruned).toMatchObject({ code: 0, stdout: 'Deleted 1 delivery(ies) and 1 event(s).\n' });
    expect((await t.dataSource.manager.find(DeliveryEntity, { order: { id: 'ASC' } })).map((delivery) => delivery.id)).toEqual([
      failed.id,
      recent.id,
    ]);

    const withFailed = await cli('prune', '--older-than', '30d', '--include-failed');
    expect(withFailed).toMatchObject({ code: 0, stdout: 'Deleted 1 delivery(ies) and 1 event(s).\n' });
    expect((await t.dataSource.manager.find(DeliveryEntity)).map((delivery) => delivery.id)).toEqual([recent.id]);
    expect((await t.dataSource.manager.find(OutboxEventEntity)).map((event) => event.id)).toEqual([recent.eventId]);

    const missing = await cli('prune');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--older-than is required, e.g. --older-than 30d.');
    const bad = await cli('prune', '--older-than', 'soon');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--older-than must be a duration such as 30d, got "soon".');
  }, 90_000);
});
