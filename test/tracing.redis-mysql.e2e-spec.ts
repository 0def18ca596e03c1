import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { type CallbackReceiver, useCallbackReceiver } from './support/callback-receiver.js';
import type { TestProcess } from './support/child-process.js';
import { type ApiProcess, databaseUrlOf, useDeliveryQueue, useProcesses } from './support/delivery-processes.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { sleep } from './support/deliveries.js';

/** One span of an OTLP/HTTP JSON export, with the `service.name` of its resource. */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** The spans of every `POST /v1/traces` the OTLP receiver got (OTLP/HTTP JSON encoding). */
function exportedSpans(collector: CallbackReceiver): ExportedSpan[] {
  const spans: ExportedSpan[] = [];
  for (const request of collector.requestsTo('/v1/traces')) {
    expect(request.headers['content-type']).toBe('application/json');
    for (const resourceSpans of JSON.parse(request.body).resourceSpans) {
      const resource = attributesOf(resourceSpans.resource.attributes);
      for (const scope of resourceSpans.scopeSpans)
        for (const span of scope.spans)
          spans.push({
            service: String(resource['service.name']),
            traceId: span.traceId,
            spanId: span.spanId,
            ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
            name: span.name,
            kind: span.kind,
            attributes: {
              ...attributesOf(span.attributes),
              'process.pid': resource['process.pid'],
              'service.version': resource['service.version'],
            },
          });
    }
  }
  return spans;
}

function attributesOf(list: { key: string; value: Record<string, unknown> }[]): Record<string, unknown> {
  return Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
}

/** Waits until `found` returns something for the spans exported so far. */
async function waitForSpans<T>(collector: CallbackReceiver, found: (spans: ExportedSpan[]) => T | undefined): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = found(exportedSpans(collector));
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`spans not exported in time:\n${JSON.stringify(exportedSpans(collector), null, 1)}`);
    await sleep(100);
  }
}

/** The JSON log lines of a process's output. */
function logLines(output: string): Record<string, any>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** How long a process may take to start: loading the OpenTelemetry SDK and its hooks adds to the usual start. */
const START_MS = 120_000;

/** Tracing settings of the API and the worker: OTLP/HTTP JSON to `collector`, spans sent within 100 ms. */
function otelEnv(collector: CallbackReceiver): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url(''),
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
}

/**
 * Traces across the API, the worker and the receiver (docs/operations.md#tracing): the
 * API and the worker are built processes on MariaDB and Redis exporting to an
 * OTLP/HTTP receiver of the test's own; the in-process app only sets up the apps,
 * the team and the callback.
 */
describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  const queue = useDeliveryQueue('tracing');
  // The in-process app (untraced) relays and admits too, as every process does; polling once a minute, it leaves the
  // event to the traced API, whose commit wakes its own relay, so the job's producer span is the API's (or the worker's).
  const { t, receiver, s } = useDeliveryScenario(() => ({ ...queue.env, CALLBACK_POLL_INTERVAL_MS: '60000' }));
  const collector = useCallbackReceiver();
  const processes = useProcesses();

  async function tracedApiAndWorker(): Promise<ApiProcess> {
    const env = { ...queue.env, ...otelEnv(collector), DATABASE_URL: databaseUrlOf(t.config), LOG_FORMAT: 'json' };
    await processes.worker('traced-worker', env, t, START_MS);
    return processes.api(env, { name: 'traced-api', timeoutMs: START_MS });
  }

  it('one team move with a callback: one trace from the API PATCH through SQL and the event to the worker attempt and the receiver', async () => {
    const api = await tracedApiAndWorker();
    await s.register(s.listener, '/hook');
    await t.insertAccount({ id: '7001', teamId: null });
    const moved = await api.http.patch('/account/7001', { auth: s.admin, body: { team: s.red } });
    expect(moved.status).toBe(200);
    const [delivered] = await receiver.waitFor('/hook', 1);

    const traceparent = String(delivered!.headers.traceparent);
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const traceId = traceparent.split('-')[1]!;

    const trace = await waitForSpans(collector, (spans) => {
      const inTrace = spans.filter((span) => span.traceId === traceId);
      const patch = inTrace.find(
        (span) => span.service === 'accounts-service-api' && span.name === 'PATCH /account/:account' && span.kind === 2,
      );
      const attempt = inTrace.find(
        (span) => span.service === 'accounts-service-worker' && span.name === 'process callback-deliveries' && span.kind === 5,
      );
      const post = inTrace.find((span) => span.service === 'accounts-service-worker' && span.name === 'POST' && span.kind === 3);
      return patch && attempt && post ? { inTrace, patch, attempt, post } : undefined;
    });
    // The API's server span, its SQL and its event; the worker's attempt under the event, the POST under the attempt.
    expect(trace.patch.attributes['url.path']).toBe('/account/7001');
    // Named by its route template (OpenTelemetry's HTTP semantic conventions); no error, so no error.type.
    expect(trace.patch.attributes['http.route']).toBe('/account/:account');
    expect(trace.patch.attributes['error.type']).toBeUndefined();
    expect(trace.patch.attributes['http.response.status_code']).toBe(200);
    // The request's SQL, as written (values masked), named by the database conventions: the event's INSERT among it.
    const sql = trace.inTrace.filter((span) => span.service === 'accounts-service-api' && 'db.query.text' in span.attributes);
    expect(sql.map((span) => String(span.attributes['db.query.text']))).toContain(
      'INSERT INTO outbox_events (type, payload, created_at, callback_epoch, trace_context) VALUES (?, ?, ?, ?, ?)',
    );
    expect(sql.map((span) => String(span.attributes['db.query.text'])).join('\n')).not.toContain('7001');
    // The test database is MariaDB: the server's own name, not the protocol's.
    expect(new Set(sql.map((span) => span.attributes['db.system.name']))).toEqual(new Set(['mariadb']));
    const insert = sql.find((span) => String(span.attributes['db.query.text']).startsWith('INSERT INTO outbox_events'))!;
    expect(insert).toMatchObject({ name: 'INSERT outbox_events', kind: 3 });
    expect(insert.attributes).toMatchObject({ 'db.operation.name': 'INSERT', 'db.collection.name': 'outbox_events' });
    expect(sql.every((span) => span.name.startsWith(String(span.attributes['db.operation.name'])))).toBe(true);
    const event = trace.inTrace.find((span) => span.name === 'create account_team_update')!;
    expect(event).toMatchObject({ service: 'accounts-service-api', kind: 4 });
    expect(event.attributes).toMatchObject({
      'messaging.system': 'outbox',
      'messaging.destination.name': 'account_team_update',
      'messaging.operation.type': 'create',
    });
    // The worker's consumer span under the event, with the messaging conventions' attributes.
    expect(trace.attempt.parentSpanId).toBe(event.spanId);
    expect(trace.attempt.attributes).toMatchObject({
      'messaging.system': 'bullmq',
      'messaging.destination.name': 'callback-deliveries',
      'messaging.operation.type': 'process',
      'delivery.event': 'account_team_update',
      'http.response.status_code': 200,
    });
    expect(trace.attempt.attributes['error.type']).toBeUndefined();
    // The producer span of the job (a trace of its own), and the attempt's own SQL under the attempt.
    const send = await waitForSpans(collector, (spans) => spans.find((span) => span.name === 'send callback-deliveries'));
    expect(send.kind).toBe(4);
    expect(send.attributes).toMatchObject({ 'messaging.system': 'bullmq', 'messaging.operation.type': 'send' });
    const attemptSql = trace.inTrace.filter((span) => span.parentSpanId === trace.attempt.spanId && 'db.operation.name' in span.attributes);
    expect(attemptSql.length).toBeGreaterThan(0);
    expect(trace.post.parentSpanId).toBe(trace.attempt.spanId);
    expect(traceparent.split('-')[2]).toBe(trace.post.spanId);
    // Two resources: the API's and the worker's, each its own process, of the service's version (package.json).
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect([trace.patch.attributes['service.version'], trace.attempt.attributes['service.version']]).toEqual([version, version]);
    expect(trace.patch.attributes['process.pid']).toBe(api.process.child.pid);
    expect(trace.attempt.attributes['process.pid']).not.toBe(api.process.child.pid);

    const requestLine = logLines(api.process.output).find((line) => line.msg === 'request completed' && line.req?.url === '/account/7001');
    expect(requestLine).toMatchObject({
      trace_id: traceId,
      span_id: trace.patch.spanId,
      req: { method: 'PATCH' },
      res: { statusCode: 200 },
    });
    expect(logLines(api.process.output).find((line) => String(line.msg).startsWith('Role api:'))?.msg).toBe(
      `Role api: database mysql ${new URL(databaseUrlOf(t.config)).host}${new URL(databaseUrlOf(t.config)).pathname}, ` +
        `Redis ${queue.env.REDIS_URL}, queue prefix ${queue.prefix}; tracing OTLP http/json to ${collector.url('/v1/traces')} as accounts-service-api`,
    );
  }, 180_000);
});

/** The same set-up as above in a block of its own: the processes of the block above are stopped, so none polls here. */
describe('an idle traced API and worker', () => {
  const queue = useDeliveryQueue('tracing-idle');
  const { t, receiver, s } = useDeliveryScenario(() => queue.env);
  const collector = useCallbackReceiver();
  const processes = useProcesses();
  const workers: TestProcess[] = [];

  async function tracedApiAndWorker(): Promise<ApiProcess> {
    const env = { ...queue.env, ...otelEnv(collector), DATABASE_URL: databaseUrlOf(t.config), LOG_FORMAT: 'json' };
    workers.push(await processes.worker('traced-worker', env, t, START_MS));
    return processes.api(env, { name: 'traced-api', timeoutMs: START_MS });
  }

  it('an idle API and worker export no spans; a delivery logs its warnings with the trace id of its span', async () => {
    const api = await tracedApiAndWorker();
    await s.register(s.listener, '/hook');
    await t.insertAccount({ id: '7004', teamId: null });
    // Warm-up: a request and its delivery, whose first attempt fails (a warning of the worker) and second succeeds.
    receiver.script('/hook', { status: 500 });
    expect((await api.http.patch('/account/7004', { auth: s.admin, body: { team: s.red } })).status).toBe(200);
    const [, delivered] = await receiver.waitFor('/hook', 2);
    const traceId = String(delivered!.headers.traceparent).split('-')[1]!;
    const attempts = await waitForSpans(collector, (spans) => {
      const found = spans.filter((span) => span.traceId === traceId && span.name === 'process callback-deliveries');
      return found.length === 2 ? found : undefined;
    });
    const failed = attempts.find((span) => span.attributes['http.response.status_code'] === 500)!;
    expect(failed.attributes['error.type']).toBe('500');

    // Every line the worker wrote about this delivery carries the trace id of its attempt.
    const deliveryId = String(failed.attributes['delivery.id']);
    const deliveryLines = workers
      .flatMap((worker) => logLines(worker.output))
      .filter((line) => String(line.msg).startsWith(`Delivery ${deliveryId} `))
      .sort((a, b) => a.time - b.time);
    expect(deliveryLines.map((line) => String(line.msg))).toEqual([
      expect.stringMatching(/^Delivery \d+ attempt 1 to app \d+ failed \(HTTP 500\); retry in \d+ ms$/),
      expect.stringMatching(/^Delivery \d+ to app \d+ succeeded on attempt 2$/),
    ]);
    expect(deliveryLines.map((line) => line.trace_id)).toEqual([traceId, traceId]);
    expect(deliveryLines[0]!.span_id).toBe(failed.spanId);

    // The warm-up's spans are all out (sent every 100 ms); then nothing while idle: the polling is not traced.
    await sleep(1_000);
    const before = exportedSpans(collector).length;
    await sleep(4_000);
    const idle = exportedSpans(collector).slice(before);
    expect(idle.map((span) => `${span.service} ${span.name}`)).toEqual([]);

    // Not a tracing that stopped: the next request is traced at once.
    expect((await api.http.get('/account/7004', { auth: s.admin })).status).toBe(200);
    await waitForSpans(collector, (spans) =>
      spans.slice(before).find((span) => span.name === 'GET /account/:account' && span.service === 'accounts-service-api'),
    );
  }, 180_000);
});

describe('a request that sampling leaves out (OTEL_TRACES_SAMPLER=parentbased_traceidratio)', () => {
  const queue = useDeliveryQueue('tracing-unsampled');
  const { t, receiver, s } = useDeliveryScenario(() => queue.env);
  const collector = useCallbackReceiver();
  const processes = useProcesses();

  it("exports no span; a caller's unsampled trace continues into its log line, its event and the delivery, and without one the request runs untraced", async () => {
    const env = {
      ...queue.env,
      ...otelEnv(collector),
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
      DATABASE_URL: databaseUrlOf(t.config),
      LOG_FORMAT: 'json',
    };
    await processes.worker('unsampled-worker', env, t, START_MS);
    const api = await processes.api(env, { name: 'unsampled-api', timeoutMs: START_MS });
    await s.register(s.listener, '/hook');
    await t.insertAccount({ id: '7005', teamId: null });
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const moved = await api.http.patch('/account/7005', {
      auth: s.admin,
      body: { team: s.red },
      headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-00` },
    });
    expect(moved.status).toBe(200);
    expect((await api.http.get('/account/7005', { auth: s.admin })).status).toBe(200);
    const [delivered] = await receiver.waitFor('/hook', 1);
    expect(String(delivered!.headers.traceparent)).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-00$`));
    const requestLine = logLines(api.process.output).find(
      (line) => line.msg === 'request completed' && line.req?.method === 'PATCH' && line.req?.url === '/account/7005',
    );
    expect(requestLine?.trace_id).toBe(callerTrace);

    // No caller trace: the request runs as without tracing; its event's delivery is an unsampled trace of its own.
    await t.insertAccount({ id: '7006', teamId: null });
    expect((await api.http.patch('/account/7006', { auth: s.admin, body: { team: s.red } })).status).toBe(200);
    const [, second] = await receiver.waitFor('/hook', 2);
    const ownTrace = /^00-([0-9a-f]{32})-[0-9a-f]{16}-00$/.exec(String(second!.headers.traceparent));
    expect(ownTrace).not.toBeNull();
    expect(ownTrace![1]).not.toBe(callerTrace);
    const parentless = logLines(api.process.output).find(
      (line) => line.msg === 'request completed' && line.req?.method === 'PATCH' && line.req?.url === '/account/7006',
    );
    expect(parentless).toBeDefined();
    expect('trace_id' in parentless! || 'span_id' in parentless!).toBe(false);
    await sleep(1_000);
    expect(collector.received).toEqual([]);
  }, 180_000);
});

describe('no OpenTelemetry variable: no exporter, no trace headers, no trace ids', () => {
  const queue = useDeliveryQueue('untraced');
  const { t, receiver, s } = useDeliveryScenario(() => queue.env);
  const collector = useCallbackReceiver();
  const processes = useProcesses();

  it('delivers without traceparent and logs without trace_id; OTEL_SDK_DISABLED=true keeps the exporter off too', async () => {
    const untraced = { ...queue.env, DATABASE_URL: databaseUrlOf(t.config), LOG_FORMAT: 'json', OTEL_EXPORTER_OTLP_ENDPOINT: '' };
    const worker = await processes.worker('untraced-worker', untraced, t, START_MS);
    const api = await processes.api(untraced, { name: 'untraced-api', timeoutMs: START_MS });
    const disabled = await processes.api(
      { ...untraced, ...otelEnv(collector), OTEL_SDK_DISABLED: 'true' },
      { name: 'disabled-api', timeoutMs: START_MS },
    );
    await s.register(s.listener, '/hook');
    await t.insertAccount({ id: '7002', teamId: null });
    await t.insertAccount({ id: '7003', teamId: null });
    expect((await api.http.patch('/account/7002', { auth: s.admin, body: { team: s.red } })).status).toBe(200);
    expect((await disabled.http.patch('/account/7003', { auth: s.admin, body: { team: s.red } })).status).toBe(200);
    const delivered = await receiver.waitFor('/hook', 2);
    await sleep(500);

    for (const request of delivered) {
      expect(request.headers.traceparent).toBeUndefined();
      expect(request.headers.tracestate).toBeUndefined();
    }
    expect(collector.received).toEqual([]);
    for (const process of [api.process, disabled.process, worker]) {
      const lines = logLines(process.output);
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.filter((line) => 'trace_id' in line || 'span_id' in line)).toEqual([]);
      expect(lines.find((line) => String(line.msg).startsWith('Role '))?.msg).toMatch(/; tracing off$/);
    }
  }, 180_000);
});
