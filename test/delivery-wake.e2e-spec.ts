import { beforeEach, describe, expect, it, vi } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { OutboxRelay } from '../src/delivery/relay/outbox.relay.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { sleep } from './support/deliveries.js';
import { WHSEC } from './support/delivery-scenario.js';
import type { Credentials } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';
import { teamUpdateBody } from './support/event-bodies.js';

/**
 * A commit that recorded an event starts a relay pass in its process at once
 * (docs/api.md#events: prompt delivery); the poll interval is only the safety net.
 * The poll here is a minute, so only the wake-up can deliver within the test.
 */
describe('delivery right after the commit', () => {
  const receiver = useCallbackReceiver();
  const { t, admin } = useTestApp(
    { REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', CALLBACK_POLL_INTERVAL_MS: '60000' },
    { resetEach: true, admin: true },
  );
  let red: number;
  let blue: number;

  beforeEach(async () => {
    const listener = await t.createApp(NO_PERMISSIONS, 'listener');
    red = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    blue = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Blue' } })).body.id;
    const registered = await t.http.put('/callback/account_team_update', {
      auth: listener,
      body: { url: receiver.url('/hook'), secret: WHSEC },
    });
    expect(registered.status).toBe(200);
  });

  it('delivers a team change within seconds although the next poll is a minute away', async () => {
    await t.insertAccount({ id: '7', name: 'Ann', teamId: red });
    const moved = await t.http.patch('/account/7', { auth: admin, body: { team: blue } });
    expect(moved.status).toBe(200);

    const [request] = await receiver.waitFor('/hook', 1, 5_000);
    expect(JSON.parse(request.body)).toEqual(teamUpdateBody(moved.body, 1));
  });

  it('delivers every one of a burst of changes, including those committed during a pass', async () => {
    for (let i = 1; i <= 10; i += 1) await t.insertAccount({ id: String(i), name: `A${i}`, teamId: red });
    const moves = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.http.patch(`/account/${i + 1}`, { auth: admin, body: { team: blue } })),
    );
    expect(moves.map((response) => response.status)).toEqual(Array(10).fill(200));

    const requests = await receiver.waitFor('/hook', 10, 5_000);
    const ids = requests.map((request) => Number(JSON.parse(request.body).account.id)).sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('sends nothing for a request that changed no team', async () => {
    await t.insertAccount({ id: '7', name: 'Ann', teamId: red });
    const renamed = await t.http.patch('/account/7', { auth: admin, body: { name: 'Anna' } });
    expect(renamed.status).toBe(200);
    await sleep(1_000);
    expect(receiver.requestsTo('/hook')).toEqual([]);
  });
});

/**
 * Fan-out at commit time (docs/api.md#events): an event goes to the callbacks that
 * existed when it was committed, however late the relay runs. The relay is
 * held back here (its passes do nothing until the test lets them through).
 */
describe('delivery to the callbacks registered when the change was committed', () => {
  const { t, admin } = useTestApp({ REDIS_URL: undefined, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' }, { resetEach: true, admin: true });
  const receiver = useCallbackReceiver();

  async function register(app: Credentials, path: string): Promise<void> {
    const response = await t.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret: WHSEC } });
    expect(response.status).toBe(200);
  }

  it('sends a change committed before a callback was registered only to the callbacks registered before it', async () => {
    const early = await t.createApp(NO_PERMISSIONS, 'early');
    const late = await t.createApp(NO_PERMISSIONS, 'late');
    const red = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    await register(early, '/early');
    await t.insertAccount({ id: '1', teamId: null });
    await t.insertAccount({ id: '2', teamId: null });
    const held = vi.spyOn(t.app.get(OutboxRelay), 'relayPending').mockResolvedValue(0);

    expect((await t.http.patch('/account/1', { auth: admin, body: { team: red } })).status).toBe(200);
    await register(late, '/late');
    // Replacing a callback keeps its registration: its pending events go to the new URL.
    await register(early, '/early-replaced');
    expect((await t.http.patch('/account/2', { auth: admin, body: { team: red } })).status).toBe(200);
    expect(receiver.received).toEqual([]);
    held.mockRestore();

    const toEarly = await receiver.waitFor('/early-replaced', 2);
    expect(toEarly.map((request) => JSON.parse(request.body).account.id).sort()).toEqual(['1', '2']);
    const [toLate] = await receiver.waitFor('/late', 1);
    expect(JSON.parse(toLate.body).account.id).toBe('2');
    await sleep(1500);
    expect(receiver.requestsTo('/late')).toHaveLength(1);
    expect(receiver.requestsTo('/early')).toEqual([]);
    expect(await t.dataSource.manager.count(DeliveryEntity)).toBe(3);
  });
});
