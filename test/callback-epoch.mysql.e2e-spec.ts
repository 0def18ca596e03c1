import { describe, expect, it } from 'vitest';

import { CallbacksRepository } from '../src/callbacks/callbacks.repository.js';
import { Transactions } from '../src/database/transactions.js';
import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { CallbackEpochRepository } from '../src/events/callback-epoch.repository.js';
import { OutboxRepository } from '../src/events/outbox.repository.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { sleep } from './support/deliveries.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

/** Resolves to whether `promise` is still unsettled after `ms` milliseconds. */
async function stillPending(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.finally(() => (settled = true)).catch(() => undefined);
  await sleep(ms);
  return !settled;
}

/**
 * Fan-out at commit time under concurrency (docs/api.md#events, decisions.md "Which
 * callbacks get an event?"): a registration and a change in flight at the same
 * moment are ordered by the callback epoch's row lock. The test holds one side's
 * transaction open (through the service's own repositories) while the other
 * is sent over HTTP.
 */
describe('a callback registered while a change is being committed', () => {
  const { t, admin } = useTestApp(
    { REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', CALLBACK_POLL_INTERVAL_MS: '50' },
    { resetEach: true, admin: true },
  );
  const receiver = useCallbackReceiver();

  /**
   * Runs `work` in a transaction of the app's own `Transactions` and leaves it
   * open: `end(true)` commits it, `end(false)` rolls it back; each resolves once done.
   */
  async function openTransaction(work: () => Promise<void>): Promise<{ end(commit: boolean): Promise<void> }> {
    let finish!: (commit: boolean) => void;
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const done = t.app.get(Transactions).run(async () => {
      await work();
      opened();
      if (!(await new Promise<boolean>((resolve) => (finish = resolve)))) throw new Error('rolled back');
    });
    await Promise.race([ready, done]);
    return { end: (commit) => (finish(commit), commit ? done : done.catch(() => undefined)) };
  }

  async function register(app: Credentials, path: string): Promise<number> {
    const response = await t.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret: 's' } });
    return response.status;
  }

  it('waits for a change in flight, and does not receive it', async () => {
    receiver.reset();
    const before = await t.createApp(NO_PERMISSIONS, 'before');
    const during = await t.createApp(NO_PERMISSIONS, 'during');
    expect(await register(before, '/before')).toBe(200);
    const change = await openTransaction(() =>
      t.app.get(OutboxRepository).insert([{ type: 'account_team_update', payload: '{"n":1}' }], 0),
    );
    try {
      const registering = register(during, '/during');
      expect(await stillPending(registering, 700)).toBe(true);
      await change.end(true);
      expect(await registering).toBe(200);
    } finally {
      await change.end(false);
    }
    await receiver.waitFor('/before', 1);
    await sleep(500);
    expect(receiver.requestsTo('/during')).toEqual([]);
    expect(await t.dataSource.manager.count(DeliveryEntity)).toBe(1);
  });

  it('makes a change committed while it is in flight wait for it, and receive it', async () => {
    receiver.reset();
    const during = await t.createApp(NO_PERMISSIONS, 'during');
    const red = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    await t.insertAccount({ id: '1', teamId: null });
    const registration = await openTransaction(async () => {
      const sinceEpoch = await t.app.get(CallbackEpochRepository).advance();
      await t.app.get(CallbacksRepository).insert({
        appId: during.id,
        event: 'account_team_update',
        url: receiver.url('/during'),
        secret: 's',
        sinceEpoch,
        previousSecrets: [],
        previousSecretsUntil: null,
        disabledAt: null,
        failingSince: null,
        lastSuccessAt: null,
        rateLimit: null,
        createdAt: 0,
        updatedAt: 0,
      });
    });
    try {
      const moving = t.http.patch('/account/1', { auth: admin, body: { team: red } });
      expect(await stillPending(moving, 700)).toBe(true);
      await registration.end(true);
      expect((await moving).status).toBe(200);
    } finally {
      await registration.end(false);
    }
    const [request] = await receiver.waitFor('/during', 1);
    expect(JSON.parse(request.body).account.id).toBe('1');
  });
});
