import {
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  type Span,
  type SpanOptions,
  trace,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';

import { databaseSystemName } from './database-system.js';
import { errorType } from './error-type.js';
import { summarizeStatement } from './sql-statement.js';

/** What a tracer of {@link TracerProvider} does to each span an instrumentation starts. */
type SpanStart = (tracer: Tracer, name: string, options: SpanOptions, parent: Context) => Span;

/**
 * The tracers of the mysql2 instrumentation (docs/operations.md#tracing): a
 * statement outside any traced request or delivery (background polling:
 * the outbox relay, the pumps, the heartbeat, the pruners) makes no span, so
 * an idle process exports none; the others are named and described as
 * OpenTelemetry's database conventions ask: `SELECT accounts` with
 * `db.operation.name` `SELECT`, `db.collection.name` `accounts` (when the
 * statement plainly has one main table) and `db.system.name` `mariadb` on
 * MariaDB, `mysql` otherwise.
 */
export function databaseTracers(provider: TracerProvider): TracerProvider {
  return wrapped(provider, (tracer, name, options, parent) => {
    if (!isSpanContextValid(trace.getSpanContext(parent) ?? INVALID_SPAN_CONTEXT)) return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    const text = options.attributes?.['db.query.text'];
    if (typeof text !== 'string') return tracer.startSpan(name, options, parent);
    const { operation, collection } = summarizeStatement(text);
    const attributes = {
      ...options.attributes,
      'db.system.name': databaseSystemName(),
      'db.operation.name': operation,
      ...(collection === undefined ? {} : { 'db.collection.name': collection }),
    };
    return tracer.startSpan(collection === undefined ? operation : `${operation} ${collection}`, { ...options, attributes }, parent);
  });
}

/**
 * The tracers of the HTTP instrumentation: a span that records an exception
 * (a request that failed without an answer) gets `error.type` the error's
 * code (`ECONNREFUSED`, `ETIMEDOUT`) or class (`AbortError`), never the bare
 * `Error` the instrumentation writes.
 */
export function errorTypedTracers(provider: TracerProvider): TracerProvider {
  return wrapped(provider, (tracer, name, options, parent) => {
    const span = tracer.startSpan(name, options, parent);
    const recordException = span.recordException.bind(span);
    span.recordException = (exception, time) => {
      const type = errorType(exception);
      if (type !== undefined) span.setAttribute('error.type', type);
      recordException(exception, time);
    };
    return span;
  });
}

function wrapped(provider: TracerProvider, start: SpanStart): TracerProvider {
  return {
    getTracer(name, version, options): Tracer {
      const tracer = provider.getTracer(name, version, options);
      const startSpan = (spanName: string, spanOptions: SpanOptions = {}, parent: Context = context.active()) =>
        start(tracer, spanName, spanOptions, parent);
      return {
        startSpan,
        // The instrumentations wrapped here start their spans with startSpan alone; this one is never used by them.
        startActiveSpan: tracer.startActiveSpan.bind(tracer) as Tracer['startActiveSpan'],
      };
    },
  };
}
