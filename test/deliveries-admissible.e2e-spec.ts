import { afterEach, describe, expect, it } from 'vitest';

import { NO_PERMISSIONS } from './support/permissions.js';
import { embeddedDeliveryEnv, sleep } from './support/deliveries.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import type { Credentials } from './support/http-client.js';
import { rateLimitedBacklog, registerWithBacklog } from './support/isolation.js';

/** `CALLBACK_CONCURRENCY` of the suite's API: each app's window is 4 × 2 = 8. */
const CONCURRENCY = 2;
const WINDOW = 4 * CONCURRENCY;

/**
 * `accounts_deliveries_admissible` (docs/scaling.md#autoscaling-the-workers):
 * the deliveries due now that the apps' windows and the callbacks' rate limits
 * let the workers attempt, not the raw backlog. The receivers hang, so every
 * recovered delivery stays pending and due while the gauge is read.
 */
describe('the gauge the worker autoscaler follows', () => {
  const { t, receiver, s } = useDeliveryScenario(() =>
    embeddedDeliveryEnv({ CALLBACK_CONCURRENCY: String(CONCURRENCY), CALLBACK_TIMEOUT_MS: '60000' }),
  );
  // The held requests are answered once a test has read the gauge, so that no attempt outlives it.
  afterEach(() => receiver.reset());

  /** Makes `app`'s `count` failed deliveries to `path` pending again (`recover`). */
  async function recover(app: Credentials, count: number): Promise<void> {
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: app, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: count }]);
  }

  /** The gauge's value once the recoveries have made `pending` deliveries pending (they are started in batches). */
  async function admissibleOnce(pending: number): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const rows: { n: number | string }[] = await t.dataSource.query("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending'");
      if (Number(rows[0].n) >= pending || attempt > 200) break;
      await sleep(50);
    }
    const text = (await t.http.get('/metrics')).text;
    const line = text.split('\n').find((sample) => sample.startsWith('accounts_deliveries_admissible '));
    return Number(line?.split(' ')[1]);
  }

  it('counts one app’s large backlog as its window', async () => {
    receiver.hang('/slow');
    await registerWithBacklog(t, s, receiver, s.listener, '/slow', 200);
    await recover(s.listener, 200);
    expect(await admissibleOnce(200)).toBe(WINDOW);
  }, 60_000);

  it('sums the apps’ windows, holds a rate-limited callback to its rate_limit, and counts a small backlog whole', async () => {
    receiver.hang('/slow');
    receiver.hang('/limited');
    receiver.hang('/small');
    await registerWithBacklog(t, s, receiver, s.listener, '/slow', 200);
    await rateLimitedBacklog(t, s.other, receiver.url('/limited'), 100);
    const third = await t.createApp(NO_PERMISSIONS, 'third');
    await registerWithBacklog(t, s, receiver, third, '/small', 3);
    await recover(s.listener, 200);
    await recover(s.other, 100);
    await recover(third, 3);
    // 8 (a window) + 5 (rate_limit 5) + 3 (all it has).
    expect(await admissibleOnce(303)).toBe(WINDOW + 5 + 3);
  }, 60_000);

  it('reports a large backlog by state: waiting, admitted, due later and failed (callback_queue_jobs)', async () => {
    receiver.hang('/slow');
    await registerWithBacklog(t, s, receiver, s.listener, '/slow', 200);
    await recover(s.listener, 200);
    // Setup, not under test: 3 deliveries of another app due in an hour (a retry's delay), and 2 that failed.
    const later = await registerWithBacklog(t, s, receiver, s.other, '/later', 5);
    await t.dataSource.query(`UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE callback_id = ? ORDER BY id LIMIT 3`, [
      Date.now() / 1000 + 3600,
      later.callbackId,
    ]);
    await admissibleOnce(203);
    const text = (await t.http.get('/metrics')).text;
    const states = text.split('\n').filter((sample) => sample.startsWith('callback_queue_jobs{'));
    // Active: the one attempt hanging (CALLBACK_APP_CONCURRENCY is 2 / 4, at least 1, and a hanging app borrows none).
    expect(states.sort()).toEqual([
      'callback_queue_jobs{state="active"} 1',
      'callback_queue_jobs{state="delayed"} 3',
      'callback_queue_jobs{state="failed"} 2',
      'callback_queue_jobs{state="waiting"} 199',
    ]);
  }, 60_000);
});
