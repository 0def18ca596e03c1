import { readFileSync } from 'node:fs';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadAppConfig } from '../src/config/environment.js';
import { createHttpApp } from '../src/http-app.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { settledDeliveries } from './support/deliveries.js';
import { freePort } from './support/delivery-processes.js';
import { FakeIdp } from './support/fake-idp.js';
import { HttpClient } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { TestApp } from './support/test-app.js';
import { testDatabaseUrl } from './support/test-database.js';
import { useTestApp } from './support/use-test-app.js';

/** The Prometheus sample lines of `text` whose metric name is `name` (labels included), e.g. `http_requests_total{...} 2`. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('health', () => {
  const { t } = useTestApp({ REDIS_URL: '' });

  it('liveness answers 200 without touching dependencies', async () => {
    const response = await t.http.get('/health/live');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('readiness checks the database; Redis is not checked when REDIS_URL is unset', async () => {
    const response = await t.http.get('/health/ready');
    expect(response.status).toBe(200);
    const database = { status: 'up', responseTime: expect.any(Number) };
    expect(response.body).toEqual({ status: 'ok', info: { database }, error: {}, details: { database } });
  });

  it('invalid credentials are refused on the probes too (docs/api.md#authentication)', async () => {
    const response = await t.http.get('/health/live', { auth: { username: 'A1', password: 'wrong' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid credentials.' });
  });
});

describe('health with Redis configured but down', () => {
  it('readiness stays 200 (the API takes writes without Redis) with redis down in its body; /metrics says so; liveness stays 200', async () => {
    const lines: string[] = [];
    const t = await TestApp.start(
      { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, CALLBACK_QUEUE_PREFIX: 'test-ops', LOG_LEVEL: 'info' },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const response = await t.http.get('/health/ready');
      const database = { status: 'up', responseTime: expect.any(Number) };
      const redis = { status: 'down', message: expect.any(String), responseTime: expect.any(Number) };
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'degraded', info: { database }, error: { redis }, details: { database, redis } });
      expect((await t.http.get('/health/live')).status).toBe(200);

      const metrics = await t.http.get('/metrics');
      expect(metrics.status).toBe(200);
      expect(samples(metrics.text, 'accounts_dependency_up')).toEqual([
        'accounts_dependency_up{dependency="database"} 1',
        'accounts_dependency_up{dependency="redis"} 0',
      ]);
      // What the database gives is still read.
      expect(samples(metrics.text, 'outbox_backlog')).toEqual(['outbox_backlog 0']);
      expect(samples(metrics.text, 'accounts_deliveries_admissible')).toEqual(['accounts_deliveries_admissible 0']);

      // The log names Redis, once, and never blames the database.
      const logged = lines.map((line) => JSON.parse(line) as { level: number; context?: string; msg: string });
      expect(logged.filter((line) => line.context === 'Health').map((line) => [line.level, line.msg])).toEqual([
        [40, expect.stringMatching(/^Ready without redis: redis down \(.+\); events wait in the database$/)],
      ]);
      expect(logged.filter((line) => /database unavailable/i.test(line.msg))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('metrics', () => {
  const { t } = useTestApp();

  it('counts requests and their latency per route template and status', async () => {
    const admin = await t.createApp(APP_PERMISSIONS);
    expect((await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).status).toBe(201);
    expect((await t.http.get('/team/987654')).status).toBe(422);
    expect((await t.http.get('/team/987655')).status).toBe(422);
    expect((await t.http.get('/auth/me')).status).toBe(401);
    expect((await t.http.get('/no/such/route')).status).toBe(404);

    const response = await t.http.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(samples(response.text, 'http_requests_total').filter((line) => !line.includes('route="/metrics"'))).toEqual([
      'http_requests_total{method="POST",route="/teams/new",status="201"} 1',
      'http_requests_total{method="GET",route="/team/:team",status="422"} 2',
      'http_requests_total{method="GET",route="/auth/me",status="401"} 1',
      'http_requests_total{method="GET",route="unmatched",status="404"} 1',
    ]);
    expect(samples(response.text, 'http_request_duration_seconds_count')).toEqual([
      'http_request_duration_seconds_count{method="POST",route="/teams/new",status="201"} 1',
      'http_request_duration_seconds_count{method="GET",route="/team/:team",status="422"} 2',
      'http_request_duration_seconds_count{method="GET",route="/auth/me",status="401"} 1',
      'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1',
    ]);
    expect(samples(response.text, 'http_request_duration_seconds_bucket')).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/team/:team",status="422"} 2',
    );
  });

  it('exposes the delivery metrics and the process metrics', async () => {
    const text = (await t.http.get('/metrics')).text;
    for (const name of [
      'callback_delivery_attempts_total',
      'callback_deliveries_total',
      'callback_delivery_attempts',
      'outbox_backlog',
      'callback_queue_jobs',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(samples(text, 'process_resident_memory_bytes')).toHaveLength(1);
  });

  it('exposes the dependency, build, pool, admissible and latency metrics by their exact names and labels', async () => {
    const text = (await t.http.get('/metrics')).text;
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect(samples(text, 'accounts_build_info')).toEqual([`accounts_build_info{version="${version}",commit="unknown"} 1`]);
    // Without Redis (embedded mode), no redis series.
    expect(samples(text, 'accounts_dependency_up')).toEqual([
      'accounts_dependency_up{dependency="database"} 1',
      ...(t.config.redisUrl ? ['accounts_dependency_up{dependency="redis"} 1'] : []),
    ]);
    expect(samples(text, 'accounts_deliveries_admissible')).toEqual(['accounts_deliveries_admissible 0']);
    expect(text).toContain('# TYPE accounts_delivery_latency_seconds histogram');
    if (t.config.database.type === 'mysql') {
      expect(samples(text, 'accounts_db_pool_connections').map((line) => line.replace(/ \d+$/, ''))).toEqual([
        'accounts_db_pool_connections{pool="primary",state="in_use"}',
        'accounts_db_pool_connections{pool="primary",state="idle"}',
      ]);
      expect(samples(text, 'accounts_db_pool_waiting_requests')).toEqual(['accounts_db_pool_waiting_requests{pool="primary"} 0']);
      expect(samples(text, 'accounts_db_pool_max_connections')).toEqual(['accounts_db_pool_max_connections{pool="primary"} 20']);
    } else {
      // SQLite has no pool.
      expect(samples(text, 'accounts_db_pool_connections')).toEqual([]);
    }
  });

  it('labels the build with GIT_COMMIT when the image sets it', async () => {
    const built = await TestApp.start({ GIT_COMMIT: '0123abc' });
    try {
      const text = (await built.http.get('/metrics')).text;
      expect(samples(text, 'accounts_build_info')).toEqual([
        expect.stringMatching(/^accounts_build_info\{version="[^"]+",commit="0123abc"\} 1$/),
      ]);
    } finally {
      await built.close();
    }
  });
});

describe('delivery metrics (docs/api.md#events)', () => {
  const receiver = useCallbackReceiver();
  const { t } = useTestApp({
    REDIS_URL: '',
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_RETRY_DELAYS: '100ms,100ms',
    CALLBACK_POLL_INTERVAL_MS: '20',
  });

  /** The metrics text once it contains every line of `expected` (delivery runs in the background). */
  async function metricsWith(expected: string[]): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const text = (await t.http.get('/metrics')).text;
      if (expected.every((line) => text.split('\n').includes(line)) || attempt === 100) return text;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('counts attempts and outcomes, and reports the outbox backlog and queue', async () => {
    const admin = await t.createApp(APP_PERMISSIONS, 'admin');
    const retried = await t.createApp(NO_PERMISSIONS, 'retried');
    const refused = await t.createApp(NO_PERMISSIONS, 'refused');
    for (const [app, path] of [
      [retried, '/retried'],
      [refused, '/refused'],
    ] as const) {
      const response = await t.http.put('/callback/account_team_update', {
        auth: app,
        body: { url: receiver.url(path), secret: 'a-secret-of-enough-length' },
      });
      expect(response.status).toBe(200);
    }
    receiver.script('/retried', { status: 503 });
    receiver.script('/refused', { status: 400 });
    const team = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } });
    await t.insertAccount({ id: '31337' });
    expect((await t.http.patch('/account/31337', { auth: admin, body: { team: team.body.id } })).status).toBe(200);
    expect((await settledDeliveries(t.dataSource, 2)).map((delivery) => delivery.status).sort()).toEqual(['failed', 'succeeded']);

    const event = 'event="account_team_update"';
    const text = await metricsWith([
      `callback_deliveries_total{${event},outcome="succeeded"} 1`,
      `callback_deliveries_total{${event},outcome="failed"} 1`,
    ]);
    expect(samples(text, 'callback_delivery_attempts_total').sort()).toEqual([
      `callback_delivery_attempts_total{${event},outcome="failed"} 1`,
      `callback_delivery_attempts_total{${event},outcome="retry"} 1`,
      `callback_delivery_attempts_total{${event},outcome="succeeded"} 1`,
    ]);
    expect(samples(text, 'callback_deliveries_total').sort()).toEqual([
      `callback_deliveries_total{${event},outcome="failed"} 1`,
      `callback_deliveries_total{${event},outcome="succeeded"} 1`,
    ]);
    expect(samples(text, 'callback_delivery_attempts_sum').sort()).toEqual([
      `callback_delivery_attempts_sum{${event},outcome="failed"} 1`,
      `callback_delivery_attempts_sum{${event},outcome="succeeded"} 2`,
    ]);
    // One delivery succeeded (on its second attempt): one latency observation, from its event's commit.
    expect(samples(text, 'accounts_delivery_latency_seconds_count')).toEqual([`accounts_delivery_latency_seconds_count{${event}} 1`]);
    expect(samples(text, 'accounts_delivery_latency_seconds_bucket')).toContain(
      `accounts_delivery_latency_seconds_bucket{le="+Inf",${event}} 1`,
    );
    expect(samples(text, 'outbox_backlog')).toEqual(['outbox_backlog 0']);
    expect(samples(text, 'callback_queue_jobs').sort()).toEqual([
      'callback_queue_jobs{state="active"} 0',
      'callback_queue_jobs{state="delayed"} 0',
      'callback_queue_jobs{state="failed"} 1',
      'callback_queue_jobs{state="waiting"} 0',
    ]);
  });
});

describe('rate limit', () => {
  const { t } = useTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1m', TRUST_PROXY: '1' }, { resetEach: true });
  /** A client behind the one trusted proxy (TRUST_PROXY=1): its address is the last X-Forwarded-For entry. */
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const tooMany = { detail: 'Too many requests: at most 2 per 60 s. Retry after 60 s.' };

  it('answers 429 with Retry-After past the limit, per principal across routes and addresses', async () => {
    const first = await t.createApp(NO_PERMISSIONS, 'first');
    const second = await t.createApp(NO_PERMISSIONS, 'second');
    const one = await t.http.get('/auth/me', { auth: first, headers: from('10.0.0.1') });
    expect(one.status).toBe(200);
    expect(one.headers.get('x-ratelimit-limit')).toBe('2');
    expect(one.headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await t.http.get('/accounts/signups', { auth: first, headers: from('10.0.0.2') })).status).toBe(200);

    const limited = await t.http.get('/accounts/search', { auth: first, headers: from('10.0.0.3') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body).toEqual(tooMany);

    // Another app has a bucket of its own; the probes are never limited.
    expect((await t.http.get('/auth/me', { auth: second, headers: from('10.0.0.1') })).status).toBe(200);
    expect((await t.http.get('/health/live', { auth: first })).status).toBe(200);
  });

  it('counts a user by account: a new session gets no fresh bucket', async () => {
    await t.insertAccount({ id: '42' });
    const statuses = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await t.http.get('/auth/me', { auth: await t.login('42'), headers: from(`10.0.1.${index}`) })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts failed authentications per address, whatever the token, and then refuses that address before any lookup', async () => {
    const app = await t.createApp(NO_PERMISSIONS, 'guessed');
    const guess = (index: number) => ({ username: app.username, password: `wrong-guess-${index}` });
    expect((await t.http.get('/auth/me', { auth: guess(1), headers: from('10.0.0.9') })).status).toBe(401);
    expect((await t.http.get('/auth/me', { auth: { username: 'S77', password: 'x' }, headers: from('10.0.0.9') })).status).toBe(401);
    const limited = await t.http.get('/auth/me', { auth: guess(3), headers: from('10.0.0.9') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body).toEqual({ detail: 'Too many failed authentications from this address: at most 2 per 60 s. Retry after 60 s.' });
    // Blocked: even the right token is not looked up from that address; another address is unaffected.
    expect((await t.http.get('/auth/me', { auth: app, headers: from('10.0.0.9') })).status).toBe(429);
    expect((await t.http.get('/auth/me', { auth: app, headers: from('10.0.0.10') })).status).toBe(200);
  });

  it('limits clients without credentials by address', async () => {
    expect((await t.http.get('/accounts/signups', { headers: from('10.0.2.1') })).status).toBe(200);
    expect((await t.http.get('/teams/search', { headers: from('10.0.2.1') })).status).toBe(200);
    const limited = await t.http.get('/accounts/signups', { headers: from('10.0.2.1') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body).toEqual(tooMany);
    expect((await t.http.get('/accounts/signups', { headers: from('10.0.2.2') })).status).toBe(200);
  });

  it('is off by default', async () => {
    const unlimited = await TestApp.start();
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await unlimited.http.get('/accounts/signups')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await unlimited.close();
    }
  });
});

describe.each([
  ['unset', undefined, false],
  ['a CIDR list without the peer', '10.0.0.0/8', false],
  ['a CIDR list with the peer', '10.0.0.0/8, 127.0.0.0/8', true],
  ['a hop count', '1', true],
])('TRUST_PROXY %s', (_what, trustProxy, trusted) => {
  const { t } = useTestApp({ RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW: '1m', TRUST_PROXY: trustProxy });

  it(
    trusted ? 'takes the client address from X-Forwarded-For' : 'ignores X-Forwarded-For: a client cannot choose its address',
    async () => {
      const first = await t.http.get('/accounts/signups', { headers: { 'x-forwarded-for': '203.0.113.1' } });
      const second = await t.http.get('/accounts/signups', { headers: { 'x-forwarded-for': '203.0.113.2' } });
      expect([first.status, second.status]).toEqual(trusted ? [200, 200] : [200, 429]);
    },
  );
});

describe('security headers and request id', () => {
  const { t } = useTestApp();

  it('sends the helmet headers on answers and errors', async () => {
    for (const path of ['/accounts/signups', '/team/abc']) {
      const response = await t.http.get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      // The docs UI must load over plain HTTP too.
      expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one with a UUID', async () => {
    const echoed = await t.http.get('/accounts/signups', { headers: { 'x-request-id': 'client-id.42' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-id.42');
    const replaced = await t.http.get('/accounts/signups', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const generated = await t.http.get('/accounts/signups');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers.get('x-request-id')).not.toBe(replaced.headers.get('x-request-id'));
  });

  it('still answers 413 with a detail string above 128 KiB', async () => {
    const response = await t.http.post('/teams/new', { rawBody: JSON.stringify({ name: 'x'.repeat(128 * 1024) }) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: expect.any(String) });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  const { t } = useTestApp({ CORS_ORIGINS: 'https://app.example.com, https://admin.example.com' });

  it('answers a preflight from an allowed origin', async () => {
    const response = await t.http.request('OPTIONS', '/account/1', {
      headers: {
        origin: 'https://admin.example.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, x-request-id');
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('allows the configured origins on requests, and no other', async () => {
    const allowed = await t.http.get('/accounts/signups', { headers: { origin: 'https://app.example.com' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-expose-headers')).toContain('Retry-After');

    const other = await t.http.get('/accounts/signups', { headers: { origin: 'https://evil.example.net' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.http.request('OPTIONS', '/accounts/signups', {
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('OpenAPI document', () => {
  let app: NestFastifyApplication;
  let http: HttpClient;
  const served: { method: string; path: string }[] = [];

  beforeAll(async () => {
    const config = loadAppConfig({ ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent' });
    app = await createHttpApp(config, { logger: false });
    // The router's own list: every route Fastify registers from here on, whoever declares it.
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRoute', (route: RouteOptions) => {
        for (const method of ([] as string[]).concat(route.method)) served.push({ method, path: route.url });
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    http = new HttpClient(`http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`);
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the UI at /docs and the document at /docs/json with the HTTP Basic scheme (and the bearer secret of deliveries)', async () => {
    const ui = await http.get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toContain('text/html');
    const document = await http.get('/docs/json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(document.body.components.securitySchemes).toEqual({
      basic: { type: 'http', scheme: 'basic', description: expect.any(String) },
      callbackSecret: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
    const yaml = await http.get('/docs/yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toContain('text/yaml');
    expect(yaml.text).toContain('/auth/reset_token:');
  });

  it('describes every route the app serves, and only those', async () => {
    const document = (await http.get('/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const api = served
      .filter((route) => !['HEAD', 'OPTIONS'].includes(route.method) && !route.path.startsWith('/docs'))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(api.length).toBeGreaterThanOrEqual(25);
    expect([...documented].sort()).toEqual([...new Set(api)].sort());
  });

  it('gives every operation a success answer, its errors with the bodies of docs/api.md#errors, and its security', async () => {
    const document = (await http.get('/docs/json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, any>; security?: unknown[]; requestBody?: unknown }>>;
    };
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(operation.responses);
        if (!statuses.some((status) => /^2\d\d$/.test(status))) problems.push(`${name}: no success answer`);
        if (!statuses.includes('401')) problems.push(`${name}: no 401`);
        if (!operation.security?.some((requirement) => JSON.stringify(requirement) === '{"basic":[]}'))
          problems.push(`${name}: no Basic security`);
        if (operation.requestBody && !(statuses.includes('413') && statuses.includes('422')))
          problems.push(`${name}: body without 413/422`);
        for (const status of statuses.filter((status) => /^4\d\d$/.test(status))) {
          const schema = operation.responses[status].content?.['application/json']?.schema?.$ref;
          const expected = status === '422' ? '#/components/schemas/ValidationError' : '#/components/schemas/Error';
          if (schema !== expected) problems.push(`${name}: ${status} body is ${schema}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes the objects of docs/api.md#objects and the request bodies with their bounds', async () => {
    const { components } = (await http.get('/docs/json')).body as { components: { schemas: Record<string, any> } };
    expect(Object.keys(components.schemas.Account.properties).sort()).toEqual(
      ['avatar_url', 'awards', 'created_at', 'discriminator', 'id', 'name', 'permissions', 'team'].sort(),
    );
    expect(Object.keys(components.schemas.Team.properties).sort()).toEqual(['awards', 'created_at', 'id', 'member_count', 'name']);
    expect(Object.keys(components.schemas.Session.properties).sort()).toEqual(['expires_at', 'password', 'username']);
    expect(components.schemas.CreateTeamDto).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 255, description: 'Length counted after trimming.' } },
      required: ['name'],
    });
    expect(components.schemas.CreateAccountDto.required.sort()).toEqual(['discriminator', 'id', 'name']);
    expect(components.schemas.CreateAccountDto.properties.permissions).toEqual({
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 127,
    });
  });

  it('describes the id path parameters as the contract types them', async () => {
    const { paths } = (await http.get('/docs/json')).body as { paths: Record<string, Record<string, { parameters: unknown[] }>> };
    expect(paths['/team/{team}'].get.parameters).toEqual([
      { name: 'team', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'Team id.' },
    ]);
    expect(paths['/account/{account}/award/{award}'].put.parameters).toEqual([
      {
        name: 'account',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[0-9]{1,20}$' },
        description: 'Account id (unsigned 64-bit integer).',
      },
      { name: 'award', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'Award id.' },
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
  });
});

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new ones, then closes the database', async () => {
    const idp = await FakeIdp.start();
    const t = await TestApp.start({ IDP_API_URL: idp.apiUrl });
    try {
      const token = idp.token({
        ...FakeIdp.userAnswer({ id: '4242', username: 'slow', discriminator: '0007', avatar: null }),
        delayMs: 700,
      });
      const inFlight = t.http.post('/auth/idp', { body: { token } });
      while (idp.requestsWith(token).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

      const closing = t.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A new connection is refused; a request still reaching the server gets the contract's error body.
      const late = await t.http.get('/accounts/signups').then(
        (response) => ({ status: response.status, body: response.body }),
        () => 'refused',
      );
      if (late !== 'refused') expect(late).toEqual({ status: 503, body: { detail: 'The service is shutting down; retry the request.' } });

      const response = await inFlight;
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        username: expect.stringMatching(/^S\d+$/),
        password: expect.any(String),
        expires_at: expect.any(Number),
      });
      // Its keep-alive connection is closed after the answer, so the shutdown need not wait for the client.
      expect(response.headers.get('connection')).toBe('close');
      await closing;
      expect(t.dataSource.isInitialized).toBe(false);
    } finally {
      await idp.close();
    }
  });
});

describe('graceful shutdown: requests reaching a closing server', () => {
  it('are answered 503 with a detail string and Connection: close', async () => {
    const config = loadAppConfig({ ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent', REDIS_URL: '' });
    const app = await createHttpApp(config, { logger: false });
    // Holds the server in its closing state, still listening, for a moment.
    let closingStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (closingStarted = resolve));
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('preClose', (done: () => void) => {
        closingStarted();
        setTimeout(done, 500);
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const http = new HttpClient(`http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`);
    expect((await http.get('/health/live')).status).toBe(200);

    const closing = app.close();
    await started;
    const response = await http.get('/accounts/signups');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: 'The service is shutting down; retry the request.' });
    expect(response.headers.get('connection')).toBe('close');
    await closing;
  });
});
