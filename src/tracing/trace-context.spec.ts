import { context, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { beforeAll, describe, expect, it } from 'vitest';

import { inStoredTrace, inTraceOf, recordEventTrace } from './trace-context.js';
import { markTracingEnabled } from './tracing-state.js';

const { InMemorySpanExporter, SimpleSpanProcessor } = tracing;

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  new node.NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  markTracingEnabled();
});

describe('inTraceOf', () => {
  it("runs a line about an error thrown out of an attempt's span in that span's trace, another error's as it is", async () => {
    const failure = new Error('Connection lost: The server closed the connection.');
    await expect(inStoredTrace(null, { system: 'bullmq', destination: 'deliveries' }, {}, () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    const [attempt] = exporter.getFinishedSpans();
    expect(attempt!.name).toBe('process deliveries');
    expect(inTraceOf(failure, () => trace.getSpanContext(context.active()))).toEqual(attempt!.spanContext());
    expect(inTraceOf(new Error('elsewhere'), () => trace.getSpanContext(context.active()))).toBeUndefined();
    expect(inTraceOf('not an object', () => 'run')).toBe('run');
  });
});

describe('recordEventTrace', () => {
  it("stores the producer span's context inside a sampled span, and a new unsampled trace outside any trace context", () => {
    exporter.reset();
    const tracer = trace.getTracer('test');
    const request = tracer.startSpan('PATCH /account/:account');
    const stored = context.with(trace.setSpan(context.active(), request), () => recordEventTrace('account_team_update', 2));
    request.end();
    const [producer] = exporter.getFinishedSpans();
    expect(producer!.name).toBe('create account_team_update');
    expect(producer!.attributes).toMatchObject({ 'messaging.system': 'outbox', 'messaging.batch.message_count': 2 });
    const { traceId, spanId } = producer!.spanContext();
    expect(JSON.parse(stored!)).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });

    exporter.reset();
    const first = JSON.parse(recordEventTrace('account_team_update', 1)!) as { traceparent: string };
    const second = JSON.parse(recordEventTrace('account_team_update', 1)!) as { traceparent: string };
    expect(Object.keys(first)).toEqual(['traceparent']);
    expect(first.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    expect(second.traceparent).not.toBe(first.traceparent);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
