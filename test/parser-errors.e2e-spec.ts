import { connect } from 'node:net';

import { describe, expect, it } from 'vitest';

import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

/** What came back on a raw connection: the parsed answer (if any) and whether the server closed the connection. */
interface RawExchange {
  status: number | undefined;
  headers: Record<string, string>;
  body: unknown;
  closedByServer: boolean;
  /** Milliseconds from the first byte sent to the connection's close (or the end of the wait). */
  elapsedMs: number;
}

/**
 * Sends `chunks` on a new TCP connection (each after `delayMs`, 0: all at
 * once), then waits up to `waitMs` for the server to close it; parses the
 * first HTTP/1.1 answer read.
 */
async function exchange(
  t: TestApp,
  chunks: (string | Buffer)[],
  options: { delayMs?: number; waitMs?: number } = {},
): Promise<RawExchange> {
  const { port } = new URL(t.http.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const received: Buffer[] = [];
  let closedByServer = false;
  const started = performance.now();
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', () => undefined); // a reset after the answer is a close too
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closedByServer = true;
      resolve();
    }),
  );
  void (async () => {
    for (const chunk of chunks) {
      if (socket.destroyed) return;
      socket.write(chunk);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
  })();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 2000))]);
  const elapsedMs = performance.now() - started;
  socket.destroy();
  return { ...parseAnswer(Buffer.concat(received).toString('utf8')), closedByServer, elapsedMs };
}

function parseAnswer(text: string): Pick<RawExchange, 'status' | 'headers' | 'body'> {
  const headerEnd = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || headerEnd < 0) return { status: undefined, headers: {}, body: text };
  const [statusLine, ...lines] = text.slice(0, headerEnd).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body: unknown = text.slice(headerEnd + 4);
  if (headers['content-length']) body = (body as string).slice(0, Number(headers['content-length']));
  try {
    body = JSON.parse(body as string);
  } catch {
    // not JSON: kept as text
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const JSON_HEADERS = 'Host: x\r\nContent-Type: application/json\r\n';

describe('errors of the HTTP parser answer {"detail"} (docs/api.md#conventions)', () => {
  const { t } = useTestApp();

  it.each<[string, string, number, string]>([
    ['an unknown method', 'FOO /accounts/signups HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'Bad request: unknown or malformed method.'],
    ['a malformed request line', 'GET /accounts/signups HTTP/9\r\nHost: x\r\n\r\n', 400, 'Bad request: malformed request line.'],
    [
      'two Content-Length headers',
      `POST /auth/idp HTTP/1.1\r\n${JSON_HEADERS}Content-Length: 2\r\nContent-Length: 12\r\n\r\n{}`,
      400,
      'Bad request: malformed Content-Length or Transfer-Encoding.',
    ],
    [
      'Content-Length with Transfer-Encoding',
      `POST /auth/idp HTTP/1.1\r\n${JSON_HEADERS}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      400,
      'Bad request: malformed Content-Length or Transfer-Encoding.',
    ],
    [
      'a bad chunk size',
      `POST /auth/idp HTTP/1.1\r\n${JSON_HEADERS}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      400,
      'Bad request: malformed chunked body.',
    ],
    [
      'a header without a colon',
      'GET /accounts/signups HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
      400,
      'Bad request: malformed header.',
    ],
    [
      'a URL over 16 KB',
      `GET /accounts/search?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      414,
      'URI too long: the request line must fit in 16 KB.',
    ],
    [
      'headers over 16 KB',
      `GET /accounts/signups HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
      431,
      'Request header fields too large: the request line and headers must fit in 16 KB.',
    ],
  ])('%s: the status and detail, then the connection is closed', async (_what, request, status, detail) => {
    const answer = await exchange(t, [request]);
    expect({
      status: answer.status,
      body: answer.body,
      contentType: answer.headers['content-type'],
      closed: answer.closedByServer,
    }).toEqual({
      status,
      body: { detail },
      contentType: 'application/json; charset=utf-8',
      closed: true,
    });
  });

  it('a chunked body over 128 KiB is a 413 with the detail', async () => {
    const chunk = 'a'.repeat(16 * 1024);
    const chunks = [`POST /auth/idp HTTP/1.1\r\n${JSON_HEADERS}Transfer-Encoding: chunked\r\n\r\n`];
    for (let index = 0; index < 10; index++) chunks.push(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    chunks.push('0\r\n\r\n');
    const answer = await exchange(t, chunks);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 413,
      body: { detail: 'Request body too large: more than 131072 bytes (128 KiB).' },
    });
  });

  it('a path segment over 100 characters is a 414 with the detail', async () => {
    const answer = await exchange(t, [`GET /team/${'1'.repeat(150)} HTTP/1.1\r\nHost: x\r\n\r\n`], { waitMs: 300 });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 414, body: { detail: expect.any(String) } });
  });
});

describe('request timeouts', () => {
  const { t } = useTestApp({ REQUEST_TIMEOUT_MS: '3000', REQUEST_BODY_TIMEOUT_MS: '1000' });

  it('a body dribbled 1 byte per second is cut off after REQUEST_BODY_TIMEOUT_MS: 408 with the detail, then the connection is closed', async () => {
    const head = `POST /auth/idp HTTP/1.1\r\n${JSON_HEADERS}Content-Length: 100\r\n\r\n`;
    const answer = await exchange(t, [head, ...'{"token": "xxxxxxxxxxxxxxx'.split('')], { delayMs: 1000, waitMs: 6000 });
    expect({ status: answer.status, body: answer.body, connection: answer.headers.connection, closed: answer.closedByServer }).toEqual({
      status: 408,
      body: { detail: 'Request body not received within 1000 ms.' },
      connection: 'close',
      closed: true,
    });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(900);
    expect(answer.elapsedMs).toBeLessThan(2500);
  });

  it('headers dribbled 1 byte per second are cut off after REQUEST_TIMEOUT_MS: 408 with the detail, then the connection is closed', async () => {
    const answer = await exchange(t, 'GET /accounts/signups HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaa'.split(''), {
      delayMs: 1000,
      waitMs: 8000,
    });
    expect({ status: answer.status, body: answer.body, closed: answer.closedByServer }).toEqual({
      status: 408,
      body: { detail: 'Request timeout: the request was not received within 3000 ms.' },
      closed: true,
    });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(2900);
    expect(answer.elapsedMs).toBeLessThan(5000);
  });

  it('a normal request on the same settings is answered', async () => {
    const answer = await exchange(t, [`POST /auth/idp HTTP/1.1\r\n${JSON_HEADERS}Content-Length: 2\r\nConnection: close\r\n\r\n{}`]);
    expect(answer.status).toBe(422);
  });
});
