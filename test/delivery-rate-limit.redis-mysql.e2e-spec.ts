import { describe, expect, it } from 'vitest';

import { startArrivalRecorder } from './support/arrival-recorder.js';
import { startCpuHog } from './support/cpu-hog.js';
import { mostWithin } from './support/deliveries.js';
import { useDeliveryQueue, useProcesses } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { rateLimitedBacklog, settled } from './support/isolation.js';

/**
 * docs/api.md#rate-limit with worker processes on MySQL/MariaDB and Redis: a
 * callback's `rate_limit` is counted when each attempt's request is sent, so
 * the receiver never sees more than that many attempts in any second of its
 * own clock, whatever the number of workers and however loaded the machine.
 */
describe('rate limit at the receiver, with workers', () => {
  const redisQueue = useDeliveryQueue('rate-limit');
  const { t, s } = useDeliveryScenario(() => redisQueue.env);
  const processes = useProcesses();

  it('lets a receiver see exactly rate_limit attempts in its busiest second, from two workers, with a busy loop taking a core', async () => {
    const recorder = await startArrivalRecorder();
    processes.keep(recorder.process);
    const { deliveryIds } = await rateLimitedBacklog(t, s.listener, recorder.url('/limited'), 100, 10);
    await Promise.all([processes.worker('worker-1', redisQueue.env, t), processes.worker('worker-2', redisQueue.env, t)]);
    processes.keep(await startCpuHog());
    const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
    expect([recovered.status, recovered.body]).toEqual([202, { redelivered: 100 }]);

    // The recovery starts the rounds in the background: wait for the receiver, then for the outcomes.
    await recorder.waitFor('/limited', 100, 60_000);
    const rows = await settled(t, deliveryIds, 30_000);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual(Array(100).fill(['succeeded', 1, null]));
    const arrivals = recorder.arrivals('/limited');
    expect(arrivals).toHaveLength(100);
    // Not more than the limit in any sliding second at the receiver, and the limit reached (the burst's first second).
    expect(mostWithin(arrivals, 1000), JSON.stringify(arrivals.map((at) => at - arrivals[0]))).toBe(10);
  }, 120_000);
});
