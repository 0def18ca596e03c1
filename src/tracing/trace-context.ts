import { randomBytes } from 'node:crypto';

import {
  type Attributes,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

import { errorType } from './error-type.js';
import { tracingEnabled } from './tracing-state.js';

const tracer = () => trace.getTracer('accounts-service');

/** The W3C Trace Context headers of a span, as stored with an event (`traceparent`, and `tracestate` when present). */
type TraceCarrier = Record<string, string>;

/** Size of `outbox_events.trace_context`: a stored context never exceeds it. */
const STORED_CONTEXT_CHARS = 1024;

/** Longest `tracestate` kept, stored or sent (W3C Trace Context's 512 characters; 32 members at most). */
const TRACESTATE_CHARS = 512;

/**
 * Records the outbox span of `count` events of type `type` written in the
 * current request (a child of its active span, ended at once): a producer
 * span `create account_team_update` with `messaging.system` `outbox`,
 * `messaging.destination.name` the event type and
 * `messaging.operation.type` `create`. Returns its
 * W3C Trace Context as stored with the events (`{"traceparent": ...}`, and
 * `tracestate` when the request had one of at most 512 characters), so that
 * the delivery of each continues the request's trace
 * (docs/operations.md#tracing). Nothing else of the request's headers
 * (`baggage`) is stored, and the text never exceeds the column's 1,024
 * characters. Outside any trace context (a request that sampling left out
 * and that continues no caller's trace), a new trace id and span id with the
 * sampled flag off, so that the events' deliveries stay out of the sample as
 * the request did. `null` when tracing is off.
 */
export function recordEventTrace(type: string, count: number): string | null {
  if (!tracingEnabled()) return null;
  if (!isSpanContextValid(trace.getSpanContext(context.active()) ?? INVALID)) return unsampledTrace();
  const span = tracer().startSpan(`create ${type}`, {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.system': 'outbox',
      'messaging.destination.name': type,
      'messaging.operation.type': 'create',
      'messaging.operation.name': 'create',
      ...(count > 1 ? { 'messaging.batch.message_count': count } : {}),
    },
  });
  span.end();
  const carrier: TraceCarrier = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  const kept = traceContextOf(carrier);
  if (kept.traceparent === undefined) return null;
  const stored = JSON.stringify(kept);
  return stored.length <= STORED_CONTEXT_CHARS ? stored : JSON.stringify({ traceparent: kept.traceparent });
}

/** A stored context of a new trace that is not sampled (`{"traceparent":"00-<32 hex>-<16 hex>-00"}`). */
function unsampledTrace(): string {
  const ids = randomBytes(24).toString('hex');
  return JSON.stringify({ traceparent: `00-${ids.slice(0, 32)}-${ids.slice(32)}-00` });
}

/** What a consumer span says of the message it processes (OpenTelemetry's messaging conventions). */
export interface ConsumedMessage {
  /** `messaging.system`: `bullmq` (a job of the delivery queue) or `outbox` (embedded mode: the event itself). */
  readonly system: 'bullmq' | 'outbox';
  /** `messaging.destination.name`: the queue's name, or the event type. */
  readonly destination: string;
}

/**
 * Runs `work` in a consumer span `process <destination>` that continues the
 * trace stored with an event (`stored`, from {@link recordEventTrace}; a new
 * trace when `null` or unreadable), with `messaging.system`,
 * `messaging.destination.name`, `messaging.operation.type` `process` and
 * `attributes`; everything `work` does (its statements, its requests, its log
 * lines) is inside the span. {@link describeActiveSpan} adds to the span
 * from within; an error thrown marks it failed with `error.type` the error's
 * code or class. Without tracing, runs `work` alone.
 */
export async function inStoredTrace<T>(
  stored: string | null,
  message: ConsumedMessage,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracingEnabled()) return work();
  const parent = propagation.extract(ROOT_CONTEXT, parseCarrier(stored));
  const span = tracer().startSpan(
    `process ${message.destination}`,
    { kind: SpanKind.CONSUMER, attributes: { ...messaging(message.system, message.destination, 'process'), ...attributes } },
    parent,
  );
  return inSpan(span, work);
}

/**
 * Runs `work` (handing `count` messages to the queue `destination` of
 * `system`) in a producer span `send <destination>` with
 * `messaging.operation.type` `send`, a child of the active span if any.
 * Without tracing, runs `work` alone.
 */
export async function inProducerSpan<T>(system: 'bullmq', destination: string, count: number, work: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return work();
  const span = tracer().startSpan(`send ${destination}`, {
    kind: SpanKind.PRODUCER,
    attributes: { ...messaging(system, destination, 'send'), ...(count > 1 ? { 'messaging.batch.message_count': count } : {}) },
  });
  return inSpan(span, work);
}

/**
 * Adds `attributes` to the active span and, with `error`, marks it failed:
 * `error.type` `error.type` (a status code `"503"`, an error code
 * `ECONNREFUSED`, a class), status message `error.message`. Does nothing
 * without tracing or outside a span.
 */
export function describeActiveSpan(attributes: Attributes, error?: { readonly type: string; readonly message: string }): void {
  if (!tracingEnabled()) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttributes(attributes);
  if (error) {
    span.setAttribute('error.type', error.type);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  }
}

function messaging(system: string, destination: string, operation: 'send' | 'process'): Attributes {
  return {
    'messaging.system': system,
    'messaging.destination.name': destination,
    'messaging.operation.type': operation,
    'messaging.operation.name': operation,
  };
}

/** Of an error thrown out of {@link inSpan}, the outermost span it failed (for {@link inTraceOf}). */
const failedSpans = new WeakMap<object, SpanContext>();

/**
 * Runs `work` (a log line written about `error` once its span has ended: "could
 * not be attempted") in the trace of the outermost span of
 * {@link inStoredTrace} or {@link inProducerSpan} that `error` was thrown out
 * of, so that the line carries that span's `trace_id` and `span_id`
 * (docs/operations.md#tracing); any other error runs it as it is.
 */
export function inTraceOf<T>(error: unknown, work: () => T): T {
  const failed = typeof error === 'object' && error !== null ? failedSpans.get(error) : undefined;
  return failed === undefined ? work() : context.with(trace.setSpanContext(context.active(), failed), work);
}

/** Runs `work` with `span` active and ends it; a thrown error marks it failed (`error.type`: code or class, else `_OTHER`). */
async function inSpan<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await context.with(trace.setSpan(context.active(), span), work);
  } catch (error) {
    if (typeof error === 'object' && error !== null) failedSpans.set(error, span.spanContext());
    span.setAttribute('error.type', errorType(error) ?? '_OTHER');
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * The W3C Trace Context headers (`traceparent`, `tracestate` when present,
 * non-empty and of at most 512 characters) of the active span, for a request
 * that continues the trace at its receiver; none without tracing or outside a
 * span. Never `baggage`.
 */
export function traceHeaders(): TraceCarrier {
  const carrier: TraceCarrier = {};
  if (tracingEnabled()) propagation.inject(context.active(), carrier);
  return traceContextOf(carrier);
}

const INVALID = { traceId: '', spanId: '', traceFlags: 0 };

/**
 * Of `carrier`, `traceparent` and a `tracestate` that is non-empty and of at
 * most {@link TRACESTATE_CHARS} characters; nothing else (a stored context of
 * an older version may hold `baggage`: it is not read).
 */
function traceContextOf(carrier: Readonly<Record<string, unknown>>): TraceCarrier {
  const kept: TraceCarrier = {};
  const { traceparent, tracestate } = carrier;
  if (typeof traceparent === 'string') kept.traceparent = traceparent;
  if (typeof tracestate === 'string' && tracestate !== '' && tracestate.length <= TRACESTATE_CHARS) kept.tracestate = tracestate;
  return kept;
}

function parseCarrier(stored: string | null): TraceCarrier {
  if (stored === null) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return traceContextOf(parsed as Record<string, unknown>);
  } catch {
    return {};
  }
}
