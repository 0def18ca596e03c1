import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';

import { beforeAll, describe, expect, it } from 'vitest';

import { collectRoutes } from './support/collect-routes.js';
import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

// In a file of its own: the captured destination must see every request line the app writes.

/** Every JSON line the app writes, parsed. */
class CapturedLog extends Writable {
  readonly entries: Record<string, any>[] = [];

  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line !== '') this.entries.push(JSON.parse(line));
    callback();
  }

  /** The server's own `responseTime` (ms) of the request with `x-request-id: reqId`. */
  responseTime(reqId: string): number | undefined {
    return this.entries.find((entry) => entry.reqId === reqId && entry.res)?.responseTime;
  }
}

/**
 * Sends `body` and resolves with the answer as soon as it arrives. A refused
 * body is answered with `Connection: close` before it has all been read, so
 * the write may then fail (EPIPE, ECONNRESET): after the answer, that is
 * expected and ignored (fetch would reject the whole request).
 */
function send(
  t: TestApp,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpRequest(`${t.http.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

/** `{"k0":1,"k1":1,...}` with `count` keys. */
function manyKeys(count: number, key = (index: number) => `k${index}`): string {
  return `{${Array.from({ length: count }, (_, index) => `"${key(index)}":1`).join(',')}}`;
}

const TOO_LARGE = { detail: 'Request body too large: more than 131072 bytes (128 KiB).' };
const TOO_MANY_KEYS = { detail: 'Request body too large: more than 1000 object keys.' };
const STRING_TOO_LONG = { detail: 'Request body too large: a string longer than 8192 characters.' };

/**
 * Bodies that cost an anonymous caller nothing to send and used to cost the
 * server seconds of CPU (class-transformer is quadratic in the keys of an
 * object, keys inside ignored fields included): each is refused before it is
 * parsed, in linear time.
 */
const BODIES: [what: string, body: string, expected: { detail: string }][] = [
  ['80,000 keys (869 KB)', manyKeys(80_000), TOO_LARGE],
  ['75,000 keys inside an ignored field', `{"token":"x","idp_token":"x","extra":${manyKeys(75_000)}}`, TOO_LARGE],
  ['18,000 keys within 128 KiB', manyKeys(18_000, () => 'a'), TOO_MANY_KEYS],
  [
    '15,000 keys inside an ignored field within 128 KiB',
    `{"token":"x","idp_token":"x","extra":${manyKeys(15_000, () => 'k')}}`,
    TOO_MANY_KEYS,
  ],
  ['1,001 keys nested inside ignored fields', `{"token":"x","a":[${manyKeys(500)},{"b":${manyKeys(501)}}]}`, TOO_MANY_KEYS],
  ['a 100,000-character string', JSON.stringify({ token: 'x', extra: 'y'.repeat(100_000) }), STRING_TOO_LONG],
];

describe('bounded work per request before validation', () => {
  const log = new CapturedLog();
  const { t } = useTestApp({ LOG_LEVEL: 'info' }, { logDestination: log });
  let sequence = 0;

  beforeAll(async () => {
    await t.insertAccount({ id: '1' });
  });

  /** Routes callers may use without credentials that read a body. */
  function anonymousRoutesWithBody(): [method: string, path: string][] {
    return collectRoutes(t)
      .filter((route) => route.requirement?.kind !== 'authenticated' && /^(POST|PUT|PATCH) /.test(route.name))
      .map((route) => route.name.replace(':account', '1').split(' ') as [string, string]);
  }

  it('finds the anonymous routes that take a body', () => {
    expect(anonymousRoutesWithBody().sort()).toEqual([
      ['PATCH', '/account/1'],
      ['POST', '/auth/idp'],
    ]);
  });

  it.each(BODIES)(
    '%s: refused with a 413 in under 50 ms of server time, on every anonymous route with a body',
    async (_what, rawBody, expected) => {
      for (const [method, path] of anonymousRoutesWithBody()) {
        const reqId = `bounds-${++sequence}`;
        const response = await send(t, method, path, rawBody, { 'x-request-id': reqId });
        expect({ method, path, status: response.status, body: response.body }).toEqual({ method, path, status: 413, body: expected });
        await expect.poll(() => log.responseTime(reqId)).toBeDefined();
        expect(log.responseTime(reqId), `server time of ${method} ${path}`).toBeLessThan(50);
      }
    },
  );

  it('a body near the largest valid one is read and validated (a 4096-character token outside the BMP, written as escapes)', async () => {
    const token = '\\ud83d\\ude00'.repeat(4096);
    const rawBody = `{"idp_token": "${token}", "name": "${'\\u00e9'.repeat(256)}"}`;
    expect(rawBody.length).toBeGreaterThan(50_000);
    const response = await t.http.request('PATCH', '/account/1', { rawBody });
    // The name is one character too long: a 422 shows the body passed the size and shape bounds and reached validation.
    expect({ status: response.status, body: response.body }).toEqual({
      status: 422,
      body: { detail: [{ loc: ['body', 'name'], msg: 'ensure this value has 1 to 255 characters', type: 'value_error.any_str.length' }] },
    });
  });

  it('/health/live answers within 100 ms while 8 such requests are in flight', async () => {
    const inFlight = Array.from({ length: 8 }, (_, index) =>
      send(t, 'POST', '/auth/idp', BODIES[index % 4][1]).then((response) => response.status),
    );
    await t.http.get('/health/live'); // the client's first request sets up fetch (over 100 ms on its own)
    const started = performance.now();
    const live = await t.http.get('/health/live');
    const elapsed = performance.now() - started;
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: 'ok' } });
    expect(elapsed).toBeLessThan(100);
    expect(await Promise.all(inFlight)).toEqual([413, 413, 413, 413, 413, 413, 413, 413]);
  });
});
