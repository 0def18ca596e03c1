import { readFileSync } from 'node:fs';

import { describe, expect, it, vi } from 'vitest';

import { schemaTypes } from '../clients/typescript/generate.mjs';
import {
  AccountsApiError,
  ConflictError,
  createAccountsClient,
  enableCallback,
  getDelivery,
  NotFoundError,
  paged,
  ping,
  recover,
  redeliver,
  retryAfterMs,
  unwrap,
  ValidationError,
  withStatus,
} from '../clients/typescript/src/index.js';
import { CallbackReceiver } from './support/callback-receiver.js';
import { rejection } from './support/rejection.js';
import { useTestApp } from './support/use-test-app.js';

/** The TypeScript client (clients/typescript) against the real service. */
describe('TypeScript client', () => {
  const { t, admin } = useTestApp({ CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', REDIS_URL: undefined }, { resetEach: true, admin: true });

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
    for await (const account of paged(client, '/accounts/search', { query: { team: team.id, per_page: 2 } })) listed.push(account.id);
    expect(listed).toEqual(ids);
    const teamPages = [];
    for await (const page of paged(client, '/teams/search').pages()) teamPages.push(page);
    expect(teamPages).toEqual([{ page: 0, per_page: 20, pages: 1, results: 1, data: [expect.objectContaining({ name: 'Red' })] }]);
    expect((await paged(client, '/accounts/search', { query: { per_page: 2 } }).page(2)).data.map((account) => account.id)).toEqual(['42']);
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
      for await (const delivery of paged(client, '/callback/{event}/deliveries', { path: { event } })) all.push(delivery);
      expect(all.map((delivery) => [delivery.event, delivery.status]).sort()).toEqual([
        ['account_team_update', 'failed'],
        ['ping', 'succeeded'],
      ]);
      const pages = [];
      for await (const page of paged(client, '/callback/{event}/deliveries', { path: { event }, query: { per_page: 1 } }).pages())
        pages.push(page.data.length);
      expect(pages).toEqual([1, 1]);
      const failed = all.find((delivery) => delivery.status === 'failed')!;
      const details = await getDelivery(client, event, failed.id);
      expect(details.attempt_log).toEqual([expect.objectContaining({ attempt: 1, response_status: 400, response_body: 'nope' })]);
      receiver.script('/hook', { status: 200, delayMs: 500 });
      expect(await redeliver(client, event, failed.id)).toMatchObject({ id: failed.id, status: 'pending' });
      const conflict = await rejection<AccountsApiError>(redeliver(client, event, failed.id));
      expect(conflict).toMatchObject({ status: 409 });
      await receiver.waitFor('/hook', 3);
      expect(await recover(client, event, 0)).toBe(0);
      expect(await enableCallback(client, event)).toMatchObject({ event, disabled: false });
    } finally {
      await receiver.close();
    }
  });

  it('iterates the delivery log by cursor: deliveries recorded while it pages come neither twice nor missing', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const receiver = await CallbackReceiver.start();
    try {
      const event = 'account_team_update';
      await unwrap(
        client.PUT('/callback/{event}', { params: { path: { event } }, body: { url: receiver.url('/hook'), secret: 's3cret' } }),
      );
      const before = [];
      for (let i = 0; i < 5; i++) before.push((await ping(client, event)).id);
      const seen: string[] = [];
      const pages: (number | null)[] = [];
      for await (const page of paged(client, '/callback/{event}/deliveries', { path: { event }, query: { per_page: 2 } }).pages()) {
        pages.push(page.page);
        seen.push(...page.data.map((delivery) => delivery.id));
        // Newer deliveries on top while it pages: by page number the next page would repeat these.
        await ping(client, event);
        await ping(client, event);
      }
      expect(seen).toEqual(before.reverse());
      expect(pages).toEqual([0, null, null]);
      const items = [];
      for await (const delivery of paged(client, '/callback/{event}/deliveries', { path: { event }, query: { per_page: 4 } }))
        items.push(delivery);
      expect(items).toHaveLength(11);
      expect(new Set(items.map((delivery) => delivery.id)).size).toBe(11);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a missing or relative baseUrl at construction, naming it', () => {
    for (const baseUrl of [undefined, '', '/callback', 'localhost:3000', 'ftp://example.com']) {
      expect(() => createAccountsClient({ baseUrl: baseUrl as string })).toThrow(
        new TypeError(
          `createAccountsClient: baseUrl must be the service's absolute http(s) URL, such as "http://localhost:3000"; got ${JSON.stringify(baseUrl) ?? 'undefined'}.`,
        ),
      );
    }
  });

  it('throws typed errors: the 422 detail list, and the detail string of other statuses', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const missing = await rejection<ValidationError>(unwrap(client.GET('/team/{team}', { params: { path: { team: 999_999 } } })));
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing.items).toEqual([{ loc: ['path', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }]);
    const anonymous = createAccountsClient({ baseUrl: t.http.baseUrl });
    const refused = await rejection<AccountsApiError>(unwrap(anonymous.POST('/teams/new', { body: { name: 'x' } })));
    expect(refused).toBeInstanceOf(AccountsApiError);
    expect(refused).toMatchObject({ status: 401, detail: 'Authentication required.' });
  });

  it('NotFoundError: a 404 (no callback, an unknown delivery) and a 422 naming a missing team, which stays a ValidationError', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const noCallback = await rejection<NotFoundError>(ping(client, 'account_team_update'));
    expect(noCallback).toBeInstanceOf(NotFoundError);
    expect(noCallback).toBeInstanceOf(AccountsApiError);
    expect(noCallback).not.toBeInstanceOf(ValidationError);
    expect(noCallback).toMatchObject({ name: 'NotFoundError', status: 404, items: [] });
    expect(noCallback.detail).toMatch(/callback/i);
    // The key the client sent with the POST, and the answer's request id.
    expect(noCallback.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(noCallback.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(noCallback.requestId).toBe(noCallback.headers.get('x-request-id'));

    const noDelivery = await rejection<NotFoundError>(getDelivery(client, 'account_team_update', '999999'));
    expect(noDelivery).toMatchObject({ status: 404, idempotencyKey: undefined });

    const noTeam = await rejection<NotFoundError>(unwrap(client.GET('/team/{team}', { params: { path: { team: 999_999 } } })));
    expect(noTeam).toBeInstanceOf(NotFoundError);
    expect(noTeam).toBeInstanceOf(ValidationError);
    expect(noTeam).toMatchObject({
      status: 422,
      items: [{ loc: ['path', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }],
    });

    // A 422 for an invalid field (checked before the team exists) is a ValidationError only.
    const mixed = await rejection<ValidationError>(
      unwrap(client.POST('/accounts/new', { body: { id: '42', name: '', discriminator: '0001', team: 999_999 } })),
    );
    expect(mixed).toBeInstanceOf(ValidationError);
    expect(mixed).not.toBeInstanceOf(NotFoundError);
    expect(mixed.items.map((item) => [item.loc, item.type])).toEqual([[['body', 'name'], 'value_error.any_str.length']]);
  });

  it('ConflictError: an account id already registered (409), with the request id and the key of that request', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const body = { id: '42', name: 'Ann', discriminator: '0001' };
    await unwrap(client.POST('/accounts/new', { body }));
    const conflict = await rejection<ConflictError>(
      unwrap(client.POST('/accounts/new', { body, params: { header: { 'Idempotency-Key': 'second-signup' } } })),
    );
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ name: 'ConflictError', status: 409, idempotencyKey: 'second-signup' });
    expect(conflict.requestId).toBe(conflict.headers.get('x-request-id'));
    expect(conflict.requestId).toBeTruthy();
  });

  it('ValidationError: a missing field, with the 422 items', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const invalid = await rejection<ValidationError>(unwrap(client.POST('/teams/new', { body: {} as { name: string } })));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).not.toBeInstanceOf(NotFoundError);
    expect(invalid).toMatchObject({
      name: 'ValidationError',
      status: 422,
      items: [{ loc: ['body', 'name'], type: 'value_error.missing' }],
    });
    expect(invalid.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells a given award (201) from one the account already had (208)', async () => {
    const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
    const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
    await unwrap(client.POST('/accounts/new', { body: { id: '42', name: 'Ann', discriminator: '0001', team: team.id } }));
    const award = await unwrap(
      client.POST('/awards/new', { body: { title: 'Star', image_url: 'https://example.com/star.png', team: team.id, accounts: [] } }),
    );
    const give = () => withStatus(client.PUT('/account/{account}/award/{award}', { params: { path: { account: '42', award: award.id } } }));
    expect(await give()).toEqual({ status: 201, data: undefined, replayed: false });
    expect(await give()).toEqual({ status: 208, data: undefined, replayed: false });
  });

  it('sends a new Idempotency-Key with every POST, PUT, PATCH and DELETE, none with GET', async () => {
    const sent: [string, string | null][] = [];
    const client = createAccountsClient({
      baseUrl: t.http.baseUrl,
      credentials: admin,
      fetch: (request, init) => {
        sent.push([request.method, request.headers.get('idempotency-key')]);
        return fetch(request, init);
      },
    });
    const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
    await unwrap(client.PATCH('/team/{team}', { params: { path: { team: team.id } }, body: { name: 'Blue' } }));
    await unwrap(client.GET('/team/{team}', { params: { path: { team: team.id } } }));
    await unwrap(client.DELETE('/team/{team}', { params: { path: { team: team.id } } }));
    expect(sent.map(([method]) => method)).toEqual(['POST', 'PATCH', 'GET', 'DELETE']);
    const keys = sent.filter(([method]) => method !== 'GET').map(([, key]) => key);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(3);
    expect(sent[2][1]).toBeNull();

    const unkeyed: (string | null)[] = [];
    const plain = createAccountsClient({
      baseUrl: t.http.baseUrl,
      credentials: admin,
      idempotencyKeys: false,
      fetch: (request, init) => {
        unkeyed.push(request.headers.get('idempotency-key'));
        return fetch(request, init);
      },
    });
    await unwrap(plain.POST('/teams/new', { body: { name: 'Green' } }));
    expect(unkeyed).toEqual([null]);
  });

  it('retries a 503 with the same key and body: a write that did happen is answered again, never made twice', async () => {
    // The first answer is lost on the way back and replaced with the service's "retry" 503, as a proxy might.
    const sent: string[] = [];
    const client = createAccountsClient({
      baseUrl: t.http.baseUrl,
      credentials: admin,
      fetch: async (request, init) => {
        sent.push(request.headers.get('idempotency-key')!);
        const response = await fetch(request, init);
        if (sent.length > 1) return response;
        await response.body?.cancel();
        return new Response(JSON.stringify({ detail: 'The database is unavailable; retry later.' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        });
      },
    });
    const created = await withStatus(client.POST('/teams/new', { body: { name: 'Red' } }));
    expect(created).toMatchObject({ status: 201, replayed: true, data: { name: 'Red' } });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    const teams = await unwrap(client.GET('/teams/search', { params: { query: {} } }));
    expect(teams.data.map((team) => [team.id, team.name])).toEqual([[created.data.id, 'Red']]);
  });

  it('gives up after 3 attempts, and at once when Retry-After is longer than it waits', async () => {
    let attempts = 0;
    const unavailable = (retryAfter: string) => async () => {
      attempts++;
      return new Response(JSON.stringify({ detail: 'The database is unavailable; retry later.' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
      });
    };
    const busy = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin, fetch: unavailable('0') });
    await expect(unwrap(busy.POST('/teams/new', { body: { name: 'Red' } }))).rejects.toMatchObject({
      status: 503,
      detail: 'The database is unavailable; retry later.',
    });
    expect(attempts).toBe(3);

    attempts = 0;
    const later = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin, fetch: unavailable('3600') });
    await expect(unwrap(later.POST('/teams/new', { body: { name: 'Red' } }))).rejects.toBeInstanceOf(AccountsApiError);
    expect(attempts).toBe(1);

    attempts = 0;
    const once = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin, fetch: unavailable('0'), retry: false });
    await expect(unwrap(once.DELETE('/team/{team}', { params: { path: { team: 1 } } }))).rejects.toMatchObject({ status: 503 });
    expect(attempts).toBe(1);
  });

  it('reads Retry-After as seconds or as an HTTP-date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:02 GMT', now)).toBe(2000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('has types generated from the committed openapi.json (else run: npm run openapi)', async () => {
    const generated = await schemaTypes(JSON.parse(readFileSync('openapi.json', 'utf8')));
    expect(
      readFileSync('clients/typescript/src/schema.d.ts', 'utf8') === generated,
      'clients/typescript/src/schema.d.ts is stale: run npm run openapi',
    ).toBe(true);
  });
});
