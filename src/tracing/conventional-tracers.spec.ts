import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { describe, expect, it } from 'vitest';

import { databaseTracers, errorTypedTracers } from './conventional-tracers.js';
import { noteDatabaseVersion } from './database-system.js';

const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = tracing;

function traced() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const parent = provider.getTracer('test').startSpan('GET /account/:account');
  return { exporter, provider, inRequest: trace.setSpan(ROOT_CONTEXT, parent) };
}

const STATEMENT = {
  kind: SpanKind.CLIENT,
  attributes: { 'db.system.name': 'mysql', 'db.query.text': 'SELECT `a`.`id` FROM `accounts` `a` WHERE `a`.`id` = ?' },
};

describe('databaseTracers', () => {
  it('makes no span of a statement outside a traced request (background polling)', () => {
    const { exporter, provider } = traced();
    const span = databaseTracers(provider).getTracer('mysql2').startSpan('SELECT', STATEMENT, ROOT_CONTEXT);
    expect(span.isRecording()).toBe(false);
    span.end();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('makes no span of a statement in a request that sampling left out', () => {
    const { exporter, provider, inRequest } = traced();
    const unsampled = trace.setSpanContext(ROOT_CONTEXT, { ...trace.getSpanContext(inRequest)!, traceFlags: TraceFlags.NONE });
    const span = databaseTracers(provider).getTracer('mysql2').startSpan('SELECT', STATEMENT, unsampled);
    expect(span.isRecording()).toBe(false);
    span.end();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('gives a failed statement without a known error error.type _OTHER', () => {
    const { exporter, provider, inRequest } = traced();
    const span = databaseTracers(provider).getTracer('mysql2').startSpan('SELECT', STATEMENT, inRequest);
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'Connection lost' });
    span.end();
    expect(exporter.getFinishedSpans()[0]!.attributes['error.type']).toBe('_OTHER');
  });

  it('names a statement of a request `{operation} {table}`, with the server its version names', () => {
    const { exporter, provider, inRequest } = traced();
    noteDatabaseVersion('10.11.6-MariaDB-0+deb12u1');
    databaseTracers(provider).getTracer('mysql2').startSpan('SELECT', STATEMENT, inRequest).end();
    noteDatabaseVersion('8.4.3');
    databaseTracers(provider)
      .getTracer('mysql2')
      .startSpan('COMMIT', { ...STATEMENT, attributes: { 'db.query.text': 'COMMIT' } }, inRequest)
      .end();
    const [select, commit] = exporter.getFinishedSpans();
    expect(select!.name).toBe('SELECT accounts');
    expect(select!.attributes).toMatchObject({
      'db.system.name': 'mariadb',
      'db.operation.name': 'SELECT',
      'db.collection.name': 'accounts',
      'db.query.text': STATEMENT.attributes['db.query.text'],
    });
    expect(commit!.name).toBe('COMMIT');
    expect(commit!.attributes).toEqual({ 'db.system.name': 'mysql', 'db.operation.name': 'COMMIT', 'db.query.text': 'COMMIT' });
  });
});

describe('errorTypedTracers', () => {
  it("sets error.type to a recorded exception's code or class", () => {
    const { exporter, provider, inRequest } = traced();
    const span = errorTypedTracers(provider).getTracer('http').startSpan('POST', { kind: SpanKind.CLIENT }, inRequest);
    span.setAttribute('error.type', 'Error');
    span.recordException(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }));
    span.end();
    expect(exporter.getFinishedSpans()[0]!.attributes['error.type']).toBe('ECONNREFUSED');
  });
});
