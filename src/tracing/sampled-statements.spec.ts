import { context, ROOT_CONTEXT, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import type { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { node, tracing } from '@opentelemetry/sdk-node';
import { beforeAll, describe, expect, it } from 'vitest';

import { databaseTracers } from './conventional-tracers.js';
import { failedStatementError, inSampledSpan, sampledStatementsOnly } from './sampled-statements.js';

const { InMemorySpanExporter, SimpleSpanProcessor } = tracing;

type QueryFunction = (this: unknown, ...args: unknown[]) => unknown;
type EndSpan = (error: unknown, results?: unknown) => void;

const exporter = new InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => provider.register());

/** A context whose active span is `sampled` or not. */
function inRequest(sampled: boolean) {
  const traceFlags = sampled ? TraceFlags.SAMPLED : TraceFlags.NONE;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags });
}

/**
 * The two steps of the mysql2 instrumentation the function replaces, as version 0.69 runs them: a traced
 * query starts a span through `databaseTracers` and ends it, with the callback's error, through the patched callback.
 */
function fakeInstrumentation() {
  const tracer = databaseTracers(provider).getTracer('mysql2');
  const patcher = {
    _patchQuery: () => (original: QueryFunction) =>
      function traced(this: unknown, sql: unknown, callback: (error: unknown) => void): unknown {
        const span = tracer.startSpan('SELECT', { attributes: { 'db.query.text': String(sql) } });
        const endSpan: EndSpan = (error) => {
          if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          span.end();
        };
        return original.call(this, `traced ${String(sql)}`, patcher._patchCallbackQuery(endSpan)(callback as QueryFunction));
      },
    _patchCallbackQuery: (endSpan: EndSpan) => (callback: QueryFunction) =>
      function (this: unknown, error: unknown): unknown {
        endSpan(error);
        return callback.call(this, error);
      },
  };
  return patcher;
}

describe('sampledStatementsOnly', () => {
  it('runs mysql2 itself for a statement outside a sampled span, the traced query inside one', () => {
    const patcher = fakeInstrumentation();
    sampledStatementsOnly(patcher as unknown as MySQL2Instrumentation);
    const query = patcher._patchQuery()((sql: unknown, callback: unknown) => {
      (callback as (error: unknown) => void)(null);
      return sql;
    });
    exporter.reset();
    expect(context.with(inRequest(false), () => query.call(null, 'SELECT 1 FROM accounts', () => undefined))).toBe(
      'SELECT 1 FROM accounts',
    );
    expect(query.call(null, 'SELECT 1 FROM accounts', () => undefined)).toBe('SELECT 1 FROM accounts');
    expect(context.with(inRequest(true), () => query.call(null, 'SELECT 1 FROM accounts', () => undefined))).toBe(
      'traced SELECT 1 FROM accounts',
    );
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['SELECT accounts']);
  });

  it("gives a failed statement's span error.type its error's code, and the error only while the span ends", () => {
    const patcher = fakeInstrumentation();
    sampledStatementsOnly(patcher as unknown as MySQL2Instrumentation);
    const failure = Object.assign(new Error("Duplicate entry 'x' for key 'PRIMARY'"), { code: 'ER_DUP_ENTRY' });
    const query = patcher._patchQuery()((_sql: unknown, callback: unknown) => (callback as (error: unknown) => void)(failure));
    exporter.reset();
    let seen: unknown = 'not called';
    context.with(inRequest(true), () => query.call(null, 'INSERT INTO accounts (id) VALUES (?)', () => (seen = failedStatementError())));
    expect(seen).toBeUndefined();
    const [span] = exporter.getFinishedSpans();
    expect(span!.attributes['error.type']).toBe('ER_DUP_ENTRY');
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: failure.message });
  });
});

describe('inSampledSpan', () => {
  it('is true only inside a sampled span', () => {
    expect(inSampledSpan()).toBe(false);
    expect(context.with(inRequest(false), inSampledSpan)).toBe(false);
    expect(context.with(inRequest(true), inSampledSpan)).toBe(true);
  });
});
