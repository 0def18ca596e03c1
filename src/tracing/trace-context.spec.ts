import { context, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { beforeAll, describe, expect, it } from 'vitest';

import { inStoredTrace, inTraceOf } from './trace-context.js';
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
