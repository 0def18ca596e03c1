import { describe, expect, it } from 'vitest';

import { CONSOLE_CSP } from '../src/http/console-assets.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { basicAuth } from './support/http-client.js';
import { useTestApp } from './support/use-test-app.js';

/** The console's files and headers, and what keeps its credentials safe (docs/console.md#security); its pages: console.browser.e2e-spec.ts. */
describe('console', () => {
  const { t } = useTestApp();

  it('serves the built page, script and stylesheet at /console/ with a strict CSP and no framing', async () => {
    const bare = await t.http.get('/console');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/console/');

    const files: [string, string][] = [
      ['/console/', 'text/html; charset=utf-8'],
      ['/console/console.js', 'text/javascript; charset=utf-8'],
      ['/console/console.css', 'text/css; charset=utf-8'],
    ];
    for (const [path, type] of files) {
      const response = await t.http.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    expect(CONSOLE_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    const page = await t.http.get('/console/');
    expect(page.text).toContain('<script type="module" src="console.js"></script>');
    expect(page.text).not.toMatch(/<script>|style=/);

    const other = await t.http.get('/console/package.json');
    expect(other.status).toBe(404);
  });

  it('takes credentials from the Authorization header only, never from a cookie', async () => {
    const app = await t.createApp(NO_PERMISSIONS, 'console-app');
    const header = await t.http.get('/callbacks', { auth: app });
    expect(header.status).toBe(200);
    const cookie = await t.http.get('/callbacks', {
      headers: { cookie: `authorization=${encodeURIComponent(basicAuth(app))}; session=${app.password}` },
    });
    expect(cookie.status).toBe(401);
    expect(cookie.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });

  it('answers no cross-origin request by default: a page of another origin cannot read the API', async () => {
    const preflight = await t.http.request('OPTIONS', '/callbacks', {
      headers: {
        origin: 'https://evil.example.net',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('console with CORS_ORIGINS=*', () => {
  const { t } = useTestApp({ CORS_ORIGINS: '*' });

  it('never allows credentials cross-origin: a cookie could not ride a request from another site', async () => {
    const preflight = await t.http.request('OPTIONS', '/callbacks', {
      headers: {
        origin: 'https://evil.example.net',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
