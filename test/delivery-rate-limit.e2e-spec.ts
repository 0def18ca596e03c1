import { describe, expect, it } from 'vitest';

import { startArrivalRecorder } from './support/arrival-recorder.js';
import { startCpuHog } from './support/cpu-hog.js';
import { embeddedDeliveryEnv, mostWithin } from './support/deliveries.js';
import { useProcesses } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { rateLimitedBacklog, settled } from './support/isolation.js';

/**
 * docs/api.md#rate-limit in embedded mode (the API sends deliveries itself;
 * SQLite, or MySQL/MariaDB when TEST_DATABASE_URL says so): a callback's
 * `rate_limit` is counted when each attempt's request is sent, so the
 * receiver never sees more than that many attempts in any second of its own
 * clock, however loaded the machine.
 */
describe('rate limit at the receiver, embedded', () => {
  const { t, s } = useDeliveryScenario(() => embeddedDeliveryEnv({ CALLBACK_TIMEOUT_MS: '2000' }));
  const processes = useProcesses();

  it('lets a receiver see exactly rate_limit attempts in its busiest second, with a busy loop taking a core', async () => {
    const recorder = await startArrivalRecorder();
    processes.keep(recorder.process);
    const { deliveryIds } = await rateLimitedBacklog(t, s.listener, recorder.url('/limited'), 60, 10);
    processes.keep(await startCpuHog());
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 60 }]);

    // The recovery starts the rounds in the background: wait for the receiver, then for the outcomes.
    await recorder.waitFor('/limited', 60, 60_000);
    const rows = await settled(t, deliveryIds, 30_000);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual(Array(60).fill(['succeeded', 1, null]));
    const arrivals = recorder.arrivals('/limited');
    expect(arrivals).toHaveLength(60);
    // Not more than the limit in any sliding second at the receiver, and the limit reached (the burst's first second).
    expect(mostWithin(arrivals, 1000), JSON.stringify(arrivals.map((at) => at - arrivals[0]))).toBe(10);
  }, 120_000);
});
