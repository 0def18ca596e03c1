import { describe, expect, it } from 'vitest';

import { InvalidEnvironmentError, loadAppConfig } from './environment.js';

describe('operations configuration', () => {
  it('defaults: no CORS, no rate limit, no worker probes', () => {
    const config = loadAppConfig({});
    expect(config.corsOrigins).toEqual([]);
    expect(config.rateLimit).toEqual({ max: 0, windowMs: 60_000 });
    expect(config.workerPort).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as off, a hop count, or a list of proxy addresses and CIDR ranges', () => {
    expect(loadAppConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadAppConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadAppConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
  });

  it('reads CORS_ORIGINS, RATE_LIMIT_MAX, RATE_LIMIT_WINDOW and WORKER_PORT', () => {
    const config = loadAppConfig({
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_WINDOW: '30s',
      WORKER_PORT: '9100',
    });
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(config.rateLimit).toEqual({ max: 100, windowMs: 30_000 });
    expect(config.workerPort).toBe(9100);
    expect(loadAppConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
  });

  it.each([
    ['CORS_ORIGINS', 'app.example.com'],
    ['CORS_ORIGINS', 'https://app.example.com/path'],
    ['RATE_LIMIT_MAX', '-1'],
    ['RATE_LIMIT_MAX', 'many'],
    ['RATE_LIMIT_WINDOW', '1d'],
    ['RATE_LIMIT_WINDOW', '60'],
    ['WORKER_PORT', '70000'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'proxy.internal'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(InvalidEnvironmentError);
    expect(() => loadAppConfig({ [name]: value })).toThrow(name);
  });
});
