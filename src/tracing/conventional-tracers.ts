import {
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  type Span,
  type SpanOptions,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';

import { databaseSystemName } from './database-system.js';
import { errorType } from './error-type.js';
import { failedStatementError } from './sampled-statements.js';
import { summarizeStatement } from './sql-statement.js';

/** What a tracer of {@link TracerProvider} does to each span an instrumentation starts. */
type SpanStart = (tracer: Tracer, name: string, options: SpanOptions, parent: Context) => Span;

/**
 * The tracers of the mysql2 instrumentation (docs/operations.md#tracing): a
 * statement outside a sampled span (background polling: the outbox relay, the
 * pumps, the heartbeat, the pruners; a request or delivery that sampling left
 * out) makes no span, so an idle process exports none; the others are named
 * and described as OpenTelemetry's database conventions ask: `SELECT accounts`
 * with `db.operation.name` `SELECT`, `db.collection.name` `accounts` (when the
 * statement plainly has one main table) and `db.system.name` `mariadb` on
 * MariaDB, `mysql` otherwise; a failed one gets `error.type` its error's code
 * (`ER_DUP_ENTRY`, `ER_LOCK_DEADLOCK`), else class, else `_OTHER`.
 */
export function databaseTracers(provider: TracerProvider): TracerProvider {
  return wrapped(provider, (tracer, name, options, parent) => {
    if (((trace.getSpanContext(parent)?.traceFlags ?? TraceFlags.NONE) & TraceFlags.SAMPLED) === 0) {
      return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    }
    const text = options.attributes?.['db.query.text'];
    if (typeof text !== 'string') return withStatementErrorType(tracer.startSpan(name, options, parent));
    const { operation, collection } = summarizeStatement(text);
    const attributes = {
      ...options.attributes,
      'db.system.name': databaseSystemName(),
      'db.operation.name': operation,
      ...(collection === undefined ? {} : { 'db.collection.name': collection }),
    };
    const spanName = collection === undefined ? operation : `${operation} ${collection}`;
    return withStatementErrorType(tracer.startSpan(spanName, { ...options, attributes }, parent));
  });
}

/** `span`, whose status set to an error also sets `error.type` from the statement's error ({@link failedStatementError}). */
function withStatementErrorType(span: Span): Span {
  const setStatus = span.setStatus.bind(span);
  span.setStatus = (status) => {
    if (status.code === SpanStatusCode.ERROR) span.setAttribute('error.type', errorType(failedStatementError()) ?? '_OTHER');
    return setStatus(status);
  };
  return span;
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
    // A span sampling left out records nothing: no need to wrap it (one per request).
    if (!span.isRecording()) return span;
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
