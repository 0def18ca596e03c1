import { createConnection } from 'mysql2/promise';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { type CallbackReceiver, type ReceivedCallback, useCallbackReceiver } from './support/callback-receiver.js';
import type { TestProcess } from './support/child-process.js';
import { type ApiProcess, runEntry, useDeliveryQueue, useProcesses } from './support/delivery-processes.js';
import { WHSEC } from './support/delivery-scenario.js';
import { basicAuth, type Credentials } from './support/http-client.js';
import { testDatabaseUrl, testRedisUrl } from './support/test-database.js';

import { sqliteDriver } from '../src/database/sqlite-driver.js';

const Database = sqliteDriver();

/** How long a traced process may take to start (the OpenTelemetry SDK and its hooks load first). */
const START_MS = 60_000;

/** 8 KiB: about half of what Node takes of a request's line and headers together (16 KiB). */
const BIG = 8 * 1024;

const CALLER_TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
/** What a caller puts in its baggage: it must reach no receiver. */
const CALLER_BAGGAGE = 'internal.user=alice,session.token=s3cr3t';

/** `count` list members `<prefix><n>=<value>`, `value` repeated to `chars` characters each. */
function members(prefix: string, count: number, chars: number, value = 'v'): string {
  return Array.from({ length: count }, (_, n) => `${prefix}${n}=${value.repeat(chars).slice(0, chars)}`).join(',');
}

/** Exactly `chars` characters of `text` repeated. */
function sized(text: string, chars: number): string {
  return text.repeat(Math.ceil(chars / text.length)).slice(0, chars);
}

/** Trace context headers of every size and form a caller may send (each request at most 16 KiB of headers). */
const CALLER_HEADERS: Record<string, string>[] = [
  // ~1 KB of baggage: 11 members of 100 characters.
  { traceparent: CALLER_TRACEPARENT, baggage: `${CALLER_BAGGAGE},${members('m', 11, 100)}` },
  { traceparent: CALLER_TRACEPARENT, baggage: sized(`${CALLER_BAGGAGE},`, BIG) },
  { traceparent: CALLER_TRACEPARENT, tracestate: sized(`${members('vendor', 1, 200)},`, BIG) },
  // 512 characters of backslashes and quotes: twice as long once written as JSON.
  { traceparent: CALLER_TRACEPARENT, tracestate: `${members('q', 1, 250, '\\')},${members('r', 1, 250, '"')}` },
  { traceparent: sized(`${CALLER_TRACEPARENT}-`, BIG) },
  { traceparent: sized('ff-', BIG / 2), tracestate: sized('=,', BIG / 2) },
  { traceparent: 'not a traceparent', tracestate: ',,,=== "\\', baggage: ';;;%%%==,,' },
  { traceparent: CALLER_TRACEPARENT, tracestate: sized('a=b,', 4096), baggage: sized(`${CALLER_BAGGAGE},`, 4096) },
];

/** The spans' raw OTLP/HTTP JSON exports the collector received, as one text. */
function exportedText(collector: CallbackReceiver): string {
  return collector
    .requestsTo('/v1/traces')
    .map((request) => request.body)
    .join('\n');
}

/** Every `url.full` of the exported spans. */
function exportedUrls(collector: CallbackReceiver): string[] {
  const urls: string[] = [];
  for (const request of collector.requestsTo('/v1/traces'))
    for (const resourceSpans of JSON.parse(request.body).resourceSpans)
      for (const scope of resourceSpans.scopeSpans)
        for (const span of scope.spans)
          for (const attribute of span.attributes) if (attribute.key === 'url.full') urls.push(String(attribute.value.stringValue));
  return urls;
}

/** `outbox_events.trace_context` of the events after `afterId`, read straight from the database at `url`. */
async function storedTraceContexts(url: string, afterId: number): Promise<(string | null)[]> {
  const sql = 'SELECT trace_context FROM outbox_events WHERE id > ? ORDER BY id';
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      return (db.prepare(sql).all(afterId) as { trace_context: string | null }[]).map((row) => row.trace_context);
    } finally {
      db.close();
    }
  }
  const connection = await createConnection(url);
  try {
    const [rows] = await connection.query(sql, [afterId]);
    return (rows as { trace_context: string | null }[]).map((row) => row.trace_context);
  } finally {
    await connection.end();
  }
}

/** The newest event's id (0 without events). */
async function lastEventId(url: string): Promise<number> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      return Number((db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM outbox_events').get() as { id: number }).id);
    } finally {
      db.close();
    }
  }
  const connection = await createConnection(url);
  try {
    const [rows] = await connection.query('SELECT COALESCE(MAX(id), 0) AS id FROM outbox_events');
    return Number((rows as { id: number }[])[0]!.id);
  } finally {
    await connection.end();
  }
}

/**
 * Trace context and telemetry privacy (docs/operations.md#tracing): the built API
 * (and, with `TEST_REDIS_URL`, a worker on that Redis; otherwise the API
 * delivers itself, embedded) traced to an OTLP/HTTP receiver of the test's own,
 * on the test database; the apps come from the CLI, everything else over HTTP.
 */
describe('trace context from callers is bounded and private; telemetry holds no secret', () => {
  const redis = testRedisUrl() !== undefined;
  const queue = useDeliveryQueue('trace-privacy');
  const receiver = useCallbackReceiver();
  const collector = useCallbackReceiver();
  const processes = useProcesses();
  const databaseUrl = testDatabaseUrl();
  /** A run's own names: a MariaDB test database may hold other suites' rows. */
  const run = Math.floor(Math.random() * 1e6);
  let api: ApiProcess;
  let worker: TestProcess | undefined;
  let admin: Credentials;
  let listener: Credentials;
  let other: Credentials;

  beforeAll(async () => {
    const delivery = redis
      ? queue.env
      : { REDIS_URL: '', CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', CALLBACK_RETRY_DELAYS: '100ms,200ms', CALLBACK_POLL_INTERVAL_MS: '50' };
    const env = {
      ...delivery,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url(''),
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: 'json',
    };
    // The API migrates the database at start; the worker and the CLI come after it.
    api = await processes.api(env, { name: 'traced-api', timeoutMs: START_MS });
    if (redis) worker = await processes.worker('traced-worker', env, undefined, START_MS);
    const createApp = async (name: string, ...flags: string[]): Promise<Credentials> => {
      const created = await runEntry('cli', ['apps', 'create', `${name} ${run}`, '--json', ...flags], {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
      });
      expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: '' });
      const { username, password } = JSON.parse(created.stdout);
      return { username, password };
    };
    admin = await createApp('admin', '--all-permissions');
    listener = await createApp('listener');
    other = await createApp('other');
  }, 4 * START_MS);

  it('takes every size and form of traceparent, tracestate and baggage on every write route, stores a bounded context and sends no baggage on', async () => {
    const register = await api.http.put('/callback/account_team_update', {
      auth: listener,
      body: { url: receiver.url('/hook'), secret: WHSEC },
    });
    expect(register.status).toBe(200);
    const eventsBefore = await lastEventId(databaseUrl);
    let n = 0;
    for (const headers of CALLER_HEADERS) {
      n += 1;
      const call = async (method: string, path: string, auth: Credentials, status: number, body?: unknown) => {
        const response = await api.http.request(method, path, { auth, body, headers });
        expect({ method, path, headers: Object.keys(headers), status: response.status, body: response.body }).toMatchObject({
          method,
          path,
          status,
        });
        return response.body;
      };
      const team = (await call('POST', '/teams/new', admin, 201, { name: `Team ${run} ${n}` })).id;
      await call('PATCH', `/team/${team}`, admin, 200, { name: `Team ${run} ${n}b` });
      const account = String(run * 100 + n);
      await call('POST', '/accounts/new', admin, 201, { id: account, name: `Ann${n}`, discriminator: '0001' });
      expect(await call('PATCH', `/account/${account}`, admin, 200, { team })).toMatchObject({ id: account, team: { id: team } });
      expect((await api.http.get(`/account/${account}`, { auth: admin })).body).toMatchObject({ id: account, team: { id: team } });
      const award = (
        await call('POST', '/awards/new', admin, 201, { title: `Star ${n}`, image_url: 'https://example.com/s.png', team, accounts: [] })
      ).id;
      await call('PATCH', `/award/${award}`, admin, 200, { title: `Star ${n}b` });
      await call('PUT', `/account/${account}/award/${award}`, admin, 201);
      await call('DELETE', `/account/${account}/award/${award}`, admin, 204);
      await call('DELETE', `/award/${award}`, admin, 204);
      const session = await call('POST', '/auth/create_session', admin, 201, { account });
      await call('POST', '/auth/reset_token', { username: session.username, password: session.password }, 200);
      await call('PUT', '/callback/account_team_update', other, 200, { url: receiver.url('/other'), secret: WHSEC });
      await call('POST', '/callback/account_team_update/enable', other, 200);
      await call('POST', '/callback/account_team_update/recover', other, 202, { since: Math.floor(Date.now() / 1000) - 60 });
      await call('POST', '/callback/account_team_update/ping', other, 202);
      await call('DELETE', '/callback/account_team_update', other, 204);
      await call('DELETE', `/account/${account}`, admin, 204);
      await call('DELETE', `/team/${team}`, admin, 204);
    }

    // Each team change reached the listener; no delivery carries the caller's baggage or an unbounded tracestate.
    const delivered = await receiver.waitFor('/hook', CALLER_HEADERS.length, 30_000);
    for (const request of [...delivered, ...receiver.requestsTo('/other')]) expectOwnTraceContext(request);
    const stored = await storedTraceContexts(databaseUrl, eventsBefore);
    expect(stored.length).toBeGreaterThanOrEqual(CALLER_HEADERS.length);
    for (const text of stored) {
      expect(text).not.toBeNull();
      const context = JSON.parse(text!);
      expect(context.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(Object.keys(context).filter((key) => key !== 'traceparent' && key !== 'tracestate')).toEqual([]);
      expect(text!.length).toBeLessThanOrEqual(1024);
      expect(String(context.tracestate ?? '').length).toBeLessThanOrEqual(512);
    }
  }, 240_000);

  it('exports no secret, token, Authorization value or callback query in any span, and logs none', async () => {
    const hookSecret = 'plain-callback-secret-7f3a9c';
    const hookToken = 'query-token-5b1e77';
    const otherToken = 'other-query-token-c04d2a';
    const hookPath = `/hook?token=${hookToken}&v=2`;
    const otherPath = `/other?token=${otherToken}`;
    for (const [app, path, secret] of [
      [listener, hookPath, hookSecret],
      [other, otherPath, WHSEC],
    ] as const) {
      const response = await api.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret } });
      expect(response.status).toBe(200);
    }
    const team = (await api.http.post('/teams/new', { auth: admin, body: { name: `Red ${run}` } })).body.id;
    const account = String(run * 100 + 99);
    expect((await api.http.post('/accounts/new', { auth: admin, body: { id: account, name: 'Bea', discriminator: '0002' } })).status).toBe(
      201,
    );
    expect((await api.http.patch(`/account/${account}`, { auth: admin, body: { team } })).status).toBe(200);
    const session = (await api.http.post('/auth/create_session', { auth: admin, body: { account } })).body;
    const user = { username: session.username, password: session.password };
    expect((await api.http.get('/auth/me', { auth: user })).status).toBe(200);
    const replaced = listener;
    const reset = (await api.http.post('/auth/reset_token', { auth: listener })).body;
    listener = { username: reset.username, password: reset.password };
    expect((await api.http.post('/callback/account_team_update/ping', { auth: listener })).status).toBe(202);
    await receiver.waitFor(hookPath, 2, 30_000);
    await receiver.waitFor(otherPath, 1, 30_000);

    // The POST to each callback is exported with its query's values redacted.
    const hookUrl = `${receiver.url('/hook')}?token=REDACTED&v=REDACTED`;
    const otherUrl = `${receiver.url('/other')}?token=REDACTED`;
    await vi.waitFor(
      () => {
        const urls = exportedUrls(collector);
        expect(urls.filter((url) => url === hookUrl).length).toBe(2);
        expect(urls).toContain(otherUrl);
      },
      { timeout: 20_000, interval: 100 },
    );
    const secrets = [
      hookSecret,
      hookToken,
      otherToken,
      WHSEC,
      WHSEC.slice('whsec_'.length),
      admin.password,
      other.password,
      listener.password,
      user.password,
      replaced.password,
      ...[admin, other, listener, replaced, user].map((credentials) => basicAuth(credentials).slice('Basic '.length)),
    ];
    const exported = exportedText(collector);
    expect(exported).toMatch(/"name":"process (callback-deliveries|account_team_update)"/);
    for (const secret of [...secrets, 'Bearer', 'Basic '])
      expect({ secret, inSpans: exported.includes(secret) }).toEqual({ secret, inSpans: false });
    for (const [name, output] of [
      ['api', api.process.output],
      ['worker', worker?.output ?? ''],
    ] as const) {
      for (const secret of secrets) expect({ name, secret, inLog: output.includes(secret) }).toEqual({ name, secret, inLog: false });
    }
  }, 240_000);
});

/** A delivery's trace headers: the service's own `traceparent`, a bounded `tracestate` at most, never `baggage` or the caller's values. */
function expectOwnTraceContext(request: ReceivedCallback): void {
  expect(request.headers.baggage).toBeUndefined();
  expect(String(request.headers.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
  expect(String(request.headers.traceparent)).not.toBe(CALLER_TRACEPARENT);
  expect(String(request.headers.tracestate ?? '').length).toBeLessThanOrEqual(512);
  const all = JSON.stringify(request.headers);
  for (const value of ['alice', 's3cr3t', 'internal.user', 'm0='])
    expect({ value, inHeaders: all.includes(value) }).toEqual({ value, inHeaders: false });
}
