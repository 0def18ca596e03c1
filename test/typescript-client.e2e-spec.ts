import { readFileSync } from 'node:fs';

import { describe, expect, it, vi } from 'vitest';

import { schemaTypes } from '../clients/typescript/generate.mjs';
import { quickStart } from '../clients/typescript/examples/quick-start.js';
import {
  AccountsApiError,
  createAccountsClient,
  deliveryPages,
  enableCallback,
  getDelivery,
  listDeliveries,
  paginate,
  ping,
  recover,
  redeliver,
  unwrap,
  ValidationError,
} from '../clients/typescript/src/index.js';
import { CallbackReceiver } from './support/callback-receiver.js';
import { useTestApp } from './support/use-test-app.js';

/** The TypeScript client (clients/typescript) against the real service. */
describe('TypeScript client', () => {
  const { t, admin } = useTestApp({ CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' }, { resetEach: true, admin: true });

  it('drives teams, accounts with ids above 2^53, search pages, awards, a session and /auth/me, callbacks', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
    expect(team).toMatchObject({ name: 'Red', member_count: 0, awards: [] });

    const ids = ['18446744073709551615', '9007199254740993', '9007199254740992', '12345678901234567890', '42'];
    for (const [index, id] of ids.entries()) {
      const account = await unwrap(
        client.POST('/accounts/new', { body: { id, name: `member ${index}`, discriminator: '0001', team: team.id } }),
      );
      expect(account.id).toBe(id);
    }
    const listed: string[] = [];
    for await (const account of paginate((page) =>
      unwrap(client.GET('/accounts/search', { params: { query: { team: team.id, page, per_page: 2 } } })),
    ))
      listed.push(account.id);
    expect(listed).toEqual(ids);
    expect(
      (await unwrap(client.GET('/account/{account}', { params: { path: { account: '18446744073709551615' } } }))).team?.member_count,
    ).toBe(5);

    const award = await unwrap(
      client.POST('/awards/new', {
        body: { title: 'Star', image_url: 'https://example.com/star.png', team: team.id, accounts: ['9007199254740993'] },
      }),
    );
    const details = await unwrap(client.GET('/award/{award}', { params: { path: { award: award.id } } }));
    expect(details.awardees.map((account) => account.id)).toEqual(['9007199254740993']);

    // An app allowed to authenticate users opens a session; the session client reads /auth/me.
    const session = await unwrap(client.POST('/auth/create_session', { body: { account: '18446744073709551615' } }));
    const user = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: { username: session.username, password: session.password } });
    const me = await unwrap(user.GET('/auth/me'));
    expect(me).toMatchObject({ id: '18446744073709551615', team: { id: team.id } });

    const receiver = await CallbackReceiver.start();
    try {
      const url = receiver.url('/hook');
      expect(
        await unwrap(
          client.PUT('/callback/{event}', { params: { path: { event: 'account_team_update' } }, body: { url, secret: 's3cret' } }),
        ),
      ).toMatchObject({ event: 'account_team_update', url });
      expect(await unwrap(client.GET('/callbacks'))).toEqual({ callbacks: { account_team_update: url } });
      await unwrap(client.DELETE('/callback/{event}', { params: { path: { event: 'account_team_update' } } }));
    } finally {
      await receiver.close();
    }
  });

  it('reads and steers deliveries with the typed helpers: pages, details, redeliver, recover, ping, enable', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const receiver = await CallbackReceiver.start();
    try {
      const event = 'account_team_update';
      await unwrap(
        client.PUT('/callback/{event}', { params: { path: { event } }, body: { url: receiver.url('/hook'), secret: 's3cret' } }),
      );
      receiver.script('/hook', { status: 400, body: 'nope' });
      const team = await unwrap(client.POST('/teams/new', { body: { name: 'Blue' } }));
      await unwrap(client.POST('/accounts/new', { body: { id: '77', name: 'Ann', discriminator: '0001' } }));
      await unwrap(client.PATCH('/account/{account}', { params: { path: { account: '77' } }, body: { team: team.id } }));
      await receiver.waitFor('/hook', 1);
      const pinged = await ping(client, event);
      expect(pinged).toMatchObject({ event: 'ping', status: 'pending' });
      await receiver.waitFor('/hook', 2);
      await vi.waitFor(async () =>
        expect(
          (await unwrap(client.GET('/callback/{event}/deliveries', { params: { path: { event }, query: { status: 'pending' } } }))).results,
        ).toBe(0),
      );

      const all = [];
      for await (const delivery of listDeliveries(client, event)) all.push(delivery);
      expect(all.map((delivery) => [delivery.event, delivery.status]).sort()).toEqual([
        ['account_team_update', 'failed'],
        ['ping', 'succeeded'],
      ]);
      const pages = [];
      for await (const page of deliveryPages(client, event, { per_page: 1 })) pages.push(page.data.length);
      expect(pages).toEqual([1, 1]);
      const failed = all.find((delivery) => delivery.status === 'failed')!;
      const details = await getDelivery(client, event, failed.id);
      expect(details.attempt_log).toEqual([expect.objectContaining({ attempt: 1, response_status: 400, response_body: 'nope' })]);
      receiver.script('/hook', { status: 200, delayMs: 500 });
      expect(await redeliver(client, event, failed.id)).toMatchObject({ id: failed.id, status: 'pending' });
      const conflict = await redeliver(client, event, failed.id).catch((error: unknown) => error);
      expect(conflict).toMatchObject({ status: 409 });
      await receiver.waitFor('/hook', 3);
      expect(await recover(client, event, 0)).toBe(0);
      expect(await enableCallback(client, event)).toMatchObject({ event, disabled: false });
    } finally {
      await receiver.close();
    }
  });

  it('throws typed errors: the 422 detail list, and the detail string of other statuses', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const missing = await unwrap(client.GET('/team/{team}', { params: { path: { team: 999_999 } } })).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).items).toEqual([{ loc: ['path', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }]);
    const anonymous = createAccountsClient({ baseUrl: t.http.baseUrl });
    const refused = await unwrap(anonymous.POST('/teams/new', { body: { name: 'x' } })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AccountsApiError);
    expect(refused).toMatchObject({ status: 401, detail: 'Authentication required.' });
  });

  it('runs the README example', async () => {
    expect(await quickStart(t.http.baseUrl, admin)).toEqual(['Ann#0001 (18446744073709551615)']);
  });

  it('has types generated from the committed openapi.json (else run: npm run openapi)', async () => {
    const generated = await schemaTypes(JSON.parse(readFileSync('openapi.json', 'utf8')));
    expect(
      readFileSync('clients/typescript/src/schema.d.ts', 'utf8') === generated,
      'clients/typescript/src/schema.d.ts is stale: run npm run openapi',
    ).toBe(true);
  });
});
