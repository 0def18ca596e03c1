import { describe, expect, it } from 'vitest';

import { InvalidEnvironmentError, loadAppConfig } from './environment.js';

describe('loadAppConfig (docs/api.md#operating)', () => {
  it('applies the defaults', () => {
    expect(loadAppConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { type: 'sqlite', path: 'data/service.sqlite' },
      signupsOpen: true,
      sessionMaxAgeMs: 30 * 86_400_000,
      idpApiUrl: 'https://discord.com/api/v10',
      idpCdnUrl: 'https://cdn.discordapp.com',
      idpTimeoutMs: 5000,
      callbackTimeoutMs: 10_000,
      callbackRetryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      callbackAllowPrivateNetworks: false,
      logLevel: 'info',
    });
    expect(loadAppConfig({}).redisUrl).toBeUndefined();
  });

  it('reads the delivery-log durations (docs/api.md#delivery-log): defaults, units, 0 for never, bad values named', () => {
    expect(loadAppConfig({})).toMatchObject({
      deliveryRetentionMs: 30 * 86_400_000,
      callbackDisableAfterMs: 5 * 86_400_000,
      callbackSecretGraceMs: 86_400_000,
    });
    expect(loadAppConfig({ DELIVERY_RETENTION: '2w', CALLBACK_DISABLE_AFTER: '0', CALLBACK_SECRET_GRACE: '90s' })).toMatchObject({
      deliveryRetentionMs: 14 * 86_400_000,
      callbackDisableAfterMs: 0,
      callbackSecretGraceMs: 90_000,
    });
    expect(() => loadAppConfig({ DELIVERY_RETENTION: '0', CALLBACK_DISABLE_AFTER: '5 days', CALLBACK_SECRET_GRACE: '-1h' })).toThrow(
      /DELIVERY_RETENTION[\s\S]*CALLBACK_DISABLE_AFTER[\s\S]*CALLBACK_SECRET_GRACE/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadAppConfig({ PORT: '', SIGNUPS_OPEN: '' }).port).toBe(3000);
    expect(loadAppConfig({ SIGNUPS_OPEN: '' }).signupsOpen).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadAppConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'mysql://u:p@db:3306/accounts',
      REDIS_URL: 'redis://cache:6379',
      SIGNUPS_OPEN: 'false',
      SESSION_MAX_AGE: '2h',
      IDP_API_URL: 'http://localhost:9000/api/',
      IDP_CDN_URL: 'https://cdn.example.com/',
      IDP_TIMEOUT_MS: '250',
      CALLBACK_TIMEOUT_MS: '1500',
      CALLBACK_RETRY_DELAYS: '100ms,2s,1m,1h',
      CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { type: 'mysql', url: 'mysql://u:p@db:3306/accounts' },
      redisUrl: 'redis://cache:6379',
      signupsOpen: false,
      sessionMaxAgeMs: 7_200_000,
      idpApiUrl: 'http://localhost:9000/api',
      idpCdnUrl: 'https://cdn.example.com',
      idpTimeoutMs: 250,
      callbackTimeoutMs: 1500,
      callbackRetryDelaysMs: [100, 2000, 60_000, 3_600_000],
      callbackAllowPrivateNetworks: true,
      logLevel: 'debug',
    });
  });

  it('reads mariadb:// as MySQL and sqlite:<file> as SQLite', () => {
    expect(loadAppConfig({ DATABASE_URL: 'mariadb://root@127.0.0.1:3306/x' }).database).toEqual({
      type: 'mysql',
      url: 'mysql://root@127.0.0.1:3306/x',
    });
    expect(loadAppConfig({ DATABASE_URL: 'sqlite:/tmp/a.sqlite' }).database).toEqual({ type: 'sqlite', path: '/tmp/a.sqlite' });
  });

  it.each([
    ['1s', 1000],
    ['5m', 300_000],
    ['3h', 10_800_000],
    ['30d', 2_592_000_000],
    ['2w', 1_209_600_000],
  ])('SESSION_MAX_AGE=%s is %i ms', (value, ms) => {
    expect(loadAppConfig({ SESSION_MAX_AGE: value }).sessionMaxAgeMs).toBe(ms);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
  ])('SIGNUPS_OPEN=%s is %s', (value, open) => {
    expect(loadAppConfig({ SIGNUPS_OPEN: value }).signupsOpen).toBe(open);
    expect(loadAppConfig({ CALLBACK_ALLOW_PRIVATE_NETWORKS: value }).callbackAllowPrivateNetworks).toBe(open);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'postgres://db/x'],
    ['REDIS_URL', 'localhost:6379'],
    ['SIGNUPS_OPEN', 'yes'],
    ['SESSION_MAX_AGE', '30'],
    ['SESSION_MAX_AGE', '30ms'],
    ['SESSION_MAX_AGE', '1y'],
    ['IDP_API_URL', 'not a url'],
    ['IDP_API_URL', 'ftp://example.com'],
    ['IDP_CDN_URL', 'example.com'],
    ['IDP_TIMEOUT_MS', '0'],
    ['IDP_TIMEOUT_MS', '1.5'],
    ['CALLBACK_TIMEOUT_MS', 'soon'],
    ['CALLBACK_RETRY_DELAYS', '5s,,5m'],
    ['CALLBACK_RETRY_DELAYS', '1d'],
    ['CALLBACK_ALLOW_PRIVATE_NETWORKS', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s, naming the variable', (name, value) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(InvalidEnvironmentError);
    expect(() => loadAppConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('names every invalid variable at once', () => {
    expect(() => loadAppConfig({ PORT: 'x', SESSION_MAX_AGE: 'y' })).toThrow(/PORT: .*\n {2}SESSION_MAX_AGE: /s);
  });

  it('ignores unrelated variables', () => {
    expect(loadAppConfig({ PATH: '/usr/bin', HOME: '/root' }).port).toBe(3000);
  });
});
