import { describe, expect, it } from 'vitest';

import { embeddedDeliveryEnv, mostWithin } from './support/deliveries.js';
import { WHSEC, useDeliveryScenario } from './support/delivery-scenario.js';
import { backlogAheadOfFresh, notReceived, rateLimitedBacklog, registerWithBacklog, settled } from './support/isolation.js';

/**
 * docs/api.md#isolation-between-apps, embedded mode (the API sends deliveries
 * itself; SQLite, or MySQL/MariaDB when TEST_DATABASE_URL says so): one app's
 * backlog does not delay another app's fresh deliveries, and `rate_limit`
 * holds a callback to its attempts per second without failing anything.
 */
describe('isolation between apps, embedded', () => {
  const { t, receiver, s } = useDeliveryScenario(() => embeddedDeliveryEnv({ CALLBACK_TIMEOUT_MS: '2000' }));

  it('delivers another app’s fresh events ahead of one app’s recovered backlog to a slow receiver', async () => {
    const backlog = await registerWithBacklog(t, s, receiver, s.listener, '/slow', 24);
    for (let index = 0; index < 24; index++) receiver.script('/slow', { status: 200, delayMs: 1100 });
    await s.register(s.other, '/fresh');
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 24 }]);

    // Two at a time (its share: it answers slowly), the backlog takes over 13 s; each fresh event comes before most of it.
    const ahead = await backlogAheadOfFresh(s, receiver, '/fresh', '/slow', 5);
    expect(Math.max(...ahead), JSON.stringify(ahead)).toBeLessThan(12);
    // The slow receiver gets the backlog and the fresh events too (its app listens to them as well).
    await receiver.waitFor('/slow', 29, 60_000);
    expect(notReceived(receiver, '/slow', backlog.webhookIds)).toEqual([]);
  }, 90_000);

  it('starts at most rate_limit attempts to a callback in any second, fails none, and slows no other app', async () => {
    const { deliveryIds: backlog } = await rateLimitedBacklog(t, s.listener, receiver.url('/limited'), 40);
    await s.register(s.other, '/fresh');
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 40 }]);

    // 5 a second, the backlog takes 8 s; each fresh event to the other app comes before most of it.
    const ahead = await backlogAheadOfFresh(s, receiver, '/fresh', '/limited', 3);
    expect(Math.max(...ahead), JSON.stringify(ahead)).toBeLessThan(20);
    const rows = await settled(t, backlog, 30_000);
    expect(rows.map((row) => [row.status, row.attempts, row.totalAttempts])).toEqual(Array(40).fill(['succeeded', 1, 2]));
    const limited = receiver.requestsTo('/limited');
    expect(new Set(limited.map((request) => request.headers['webhook-id'])).size).toBe(limited.length);
    expect(
      mostWithin(
        limited.map((request) => request.at),
        1000,
      ),
    ).toBe(5);
  }, 60_000);

  it('keeps rate_limit when a PUT leaves it out, clears it with null, and refuses what is not an integer 1..10,000', async () => {
    const url = receiver.url('/any');
    const put = (body: Record<string, unknown>) =>
      t.http.put('/callback/account_team_update', { auth: s.listener, body: { url, secret: WHSEC, ...body } });
    expect((await put({})).body.rate_limit).toBeNull();
    expect((await put({ rate_limit: 10_000 })).body.rate_limit).toBe(10_000);
    expect((await put({})).body.rate_limit).toBe(10_000);
    expect((await t.http.get('/callback/account_team_update', { auth: s.listener })).body.rate_limit).toBe(10_000);
    for (const [value, msg, type] of [
      [0, 'ensure this value is greater than or equal to 1', 'value_error.number.not_ge'],
      [10_001, 'ensure this value is less than or equal to 10000', 'value_error.number.not_le'],
      [2.5, 'value is not a valid integer', 'type_error.integer'],
      ['5', 'value is not a valid integer', 'type_error.integer'],
    ] as const) {
      const refused = await put({ rate_limit: value });
      expect([refused.status, refused.body]).toEqual([422, { detail: [{ loc: ['body', 'rate_limit'], msg, type }] }]);
    }
    expect((await t.http.get('/callback/account_team_update', { auth: s.listener })).body.rate_limit).toBe(10_000);
    expect((await put({ rate_limit: null })).body.rate_limit).toBeNull();
  });
});
