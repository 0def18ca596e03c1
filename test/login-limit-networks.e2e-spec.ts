import { describe, expect, it } from 'vitest';

import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

/** Clients behind the trusted proxy (the test's loopback address): their address is the X-Forwarded-For entry. */
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('failed authentications from IPv6 clients are counted per /64 (LOGIN_LIMIT_IPV6_PREFIX)', () => {
  const { t } = useTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW: '1m', TRUST_PROXY: '127.0.0.1' }, { resetEach: true });

  async function failFrom(address: string, username: string): Promise<number> {
    return (await t.http.get('/auth/me', { auth: { username, password: `wrong-from-${address}` }, headers: from(address) })).status;
  }

  it('15 addresses of one /64 share one budget of 5; another /64 has its own', async () => {
    const app = await t.createApp(NO_PERMISSIONS, 'guessed');
    const statuses: number[] = [];
    for (let index = 1; index <= 15; index++) statuses.push(await failFrom(`2001:db8:1:2::${index.toString(16)}:${index}`, app.username));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429, 429, 429, 429]);

    const limited = await t.http.get('/auth/me', { auth: app, headers: from('2001:db8:1:2:ffff:ffff:ffff:ffff') });
    expect({ status: limited.status, body: limited.body }).toEqual({
      status: 429,
      body: { detail: 'Too many failed authentications from this network (2001:db8:1:2::/64): at most 5 per 60 s. Retry after 60 s.' },
    });
    expect(await failFrom('2001:db8:1:3::1', app.username)).toBe(401);
    expect((await t.http.get('/auth/me', { auth: app, headers: from('2001:db8:1:3::2') })).status).toBe(200);
  });

  it('IPv4 addresses stay counted one by one', async () => {
    const app = await t.createApp(NO_PERMISSIONS, 'guessed');
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) statuses.push(await failFrom('203.0.113.7', app.username));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await t.http.get('/auth/me', { auth: app, headers: from('203.0.113.7') });
    expect(limited.body).toEqual({ detail: 'Too many failed authentications from this address: at most 5 per 60 s. Retry after 60 s.' });
    expect(await failFrom('203.0.113.8', app.username)).toBe(401);
  });
});

describe('LOGIN_LIMIT_IPV6_PREFIX=128 counts each IPv6 address alone', () => {
  const { t } = useTestApp({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1', LOGIN_LIMIT_IPV6_PREFIX: '128' }, { resetEach: true });

  it('addresses of one /64 each get their own budget', async () => {
    const app = await t.createApp(NO_PERMISSIONS, 'guessed');
    const statuses: number[] = [];
    for (let index = 1; index <= 4; index++)
      statuses.push(
        (await t.http.get('/auth/me', { auth: { ...app, password: 'wrong' }, headers: from(`2001:db8:1:2::${index}`) })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});
