import { createServer, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { context, type SpanContext, trace } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { node, tracing } from '@opentelemetry/sdk-node';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sampledRequestsOnly } from './sampled-requests.js';

const { InMemorySpanExporter, SimpleSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler } = tracing;

const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';
const traceparent = (flags: '00' | '01') => `00-${CALLER_TRACE}-${CALLER_SPAN}-${flags}`;

/** What the handler and the response hook of a request saw as their span. */
interface Seen {
  handler?: SpanContext & { recording: boolean };
  onResponse?: SpanContext;
}

const exporter = new InMemorySpanExporter();
// Sampling at 0 for a new trace: a request is sampled only when its caller's traceparent says so.
const provider = new node.NodeTracerProvider({
  sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0) }),
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});
const http = new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/health/live' });
sampledRequestsOnly(http);
http.setTracerProvider(provider);
http.disable();

/** The instrumentation's traced `emit` on one server (Node's `http` itself is left unpatched). */
function traced(server: Server): Server {
  const internal = http as unknown as { _incomingRequestFunction(component: string, original: Server['emit']): Server['emit'] };
  server.emit = internal._incomingRequestFunction('http', Server.prototype.emit);
  return server;
}

let seen: Seen = {};
const app = Fastify({ serverFactory: (handler) => traced(createServer(handler)) });
function note(): void {
  const span = trace.getActiveSpan();
  if (span) seen.handler = { ...span.spanContext(), recording: span.isRecording() };
}
app.addHook('onResponse', (_request, _reply, done) => {
  seen.onResponse = trace.getSpanContext(context.active());
  done();
});
app.get('/account/:account', async () => {
  note();
  return { ok: true };
});
app.post('/teams/new', async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  note();
  return { ok: true };
});
app.get('/health/live', async () => {
  note();
  return { ok: true };
});

let base = '';
beforeAll(async () => {
  provider.register();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await provider.shutdown();
});

async function request(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}): Promise<Seen> {
  seen = {};
  exporter.reset();
  const body = method === 'POST' ? JSON.stringify({ name: 'Red' }) : undefined;
  const response = await fetch(`${base}${path}`, {
    method,
    body,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
  });
  expect(response.status).toBe(200);
  await response.text();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return seen;
}

describe('sampledRequestsOnly (docs/operations.md#tracing)', () => {
  it("runs an unsampled request in its trace context only: the caller's trace id, a new span id, not sampled, nothing recorded", async () => {
    for (const [method, path] of [
      ['GET', '/account/7001'],
      ['POST', '/teams/new'],
    ] as const) {
      const { handler, onResponse } = await request(method, path, { traceparent: traceparent('00') });
      expect(handler).toMatchObject({ traceId: CALLER_TRACE, traceFlags: 0, recording: false });
      expect(handler!.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(handler!.spanId).not.toBe(CALLER_SPAN);
      expect(onResponse).toMatchObject({ traceId: CALLER_TRACE, spanId: handler!.spanId });
      expect(exporter.getFinishedSpans()).toEqual([]);
    }
  });

  it('runs a request that the sampler leaves out and that continues no caller trace outside any trace context', async () => {
    for (const [method, path] of [
      ['GET', '/account/7001'],
      ['POST', '/teams/new'],
    ] as const) {
      for (const headers of [{}, { traceparent: 'not-a-traceparent' }] as Record<string, string>[]) {
        const { handler, onResponse } = await request(method, path, headers);
        expect(handler).toBeUndefined();
        expect(onResponse).toBeUndefined();
        expect(exporter.getFinishedSpans()).toEqual([]);
      }
    }
  });

  it('keeps the context of an unsampled request whose body arrives after its headers', async () => {
    seen = {};
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ name: 'Red' });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/teams/new',
          headers: { traceparent: traceparent('00'), 'content-type': 'application/json', 'content-length': String(body.length) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        },
      );
      sent.on('error', reject);
      sent.flushHeaders();
      setTimeout(() => sent.end(body), 50);
    });
    expect(status).toBe(200);
    expect(seen.handler).toMatchObject({ traceId: CALLER_TRACE, traceFlags: 0, recording: false });
  });

  it("gives a sampled request the instrumentation's server span, with its attributes, status code and parent", async () => {
    for (const [method, path] of [
      ['GET', '/account/7001'],
      ['POST', '/teams/new'],
    ] as const) {
      const { handler } = await request(method, path, { traceparent: traceparent('01') });
      const spans = exporter.getFinishedSpans();
      expect(spans.map((span) => [span.name, span.kind])).toEqual([[method, 1]]);
      const [span] = spans;
      expect(span!.parentSpanContext?.spanId).toBe(CALLER_SPAN);
      expect(handler).toMatchObject({ traceId: CALLER_TRACE, spanId: span!.spanContext().spanId, traceFlags: 1, recording: true });
      expect(span!.attributes).toMatchObject({
        'http.request.method': method,
        'url.path': path,
        'url.scheme': 'http',
        'http.response.status_code': 200,
      });
    }
  });

  it('leaves probes to the instrumentation: no span, no trace context', async () => {
    const { handler } = await request('GET', '/health/live', { traceparent: traceparent('01') });
    expect(handler).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
