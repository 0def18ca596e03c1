import { describe, expect, it } from 'vitest';

import { InvalidEnvironmentError, loadAppConfig } from './environment.js';

describe('request timeouts (REQUEST_TIMEOUT_MS, REQUEST_BODY_TIMEOUT_MS)', () => {
  it('default to 30 s for a whole request and 10 s for a body', () => {
    expect(loadAppConfig({})).toMatchObject({ requestTimeoutMs: 30_000, requestBodyTimeoutMs: 10_000 });
  });

  it('are read as milliseconds', () => {
    expect(loadAppConfig({ REQUEST_TIMEOUT_MS: '5000', REQUEST_BODY_TIMEOUT_MS: '2500' })).toMatchObject({
      requestTimeoutMs: 5000,
      requestBodyTimeoutMs: 2500,
    });
  });

  it.each([['REQUEST_TIMEOUT_MS'], ['REQUEST_BODY_TIMEOUT_MS']])(
    '%s must be an integer of at least 100: the start fails naming it',
    (name) => {
      for (const value of ['0', '99', '1.5', 'soon']) {
        expect(() => loadAppConfig({ [name]: value })).toThrow(InvalidEnvironmentError);
        expect(() => loadAppConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
      }
    },
  );
});

describe('LOGIN_LIMIT_IPV6_PREFIX', () => {
  it('defaults to 64 and reads 1..128', () => {
    expect(loadAppConfig({}).loginLimitIpv6Prefix).toBe(64);
    expect(loadAppConfig({ LOGIN_LIMIT_IPV6_PREFIX: '48' }).loginLimitIpv6Prefix).toBe(48);
    expect(loadAppConfig({ LOGIN_LIMIT_IPV6_PREFIX: '128' }).loginLimitIpv6Prefix).toBe(128);
  });

  it.each([['0'], ['129'], ['64.5'], ['/64']])('refuses %s at start, naming the variable', (value) => {
    expect(() => loadAppConfig({ LOGIN_LIMIT_IPV6_PREFIX: value })).toThrow(/LOGIN_LIMIT_IPV6_PREFIX: /);
  });
});
