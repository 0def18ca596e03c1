import {
  type Attributes,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

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
 * current request (a child of its active span, ended at once) and returns its
 * W3C Trace Context as stored with the events (`{"traceparent": ...}`, and
 * `tracestate` when the request had one of at most 512 characters), so that
 * the delivery of each continues the request's trace
 * (docs/operations.md#tracing). Nothing else of the request's headers
 * (`baggage`) is stored, and the text never exceeds the column's 1,024
 * characters. `null` when tracing is off or nothing is being traced.
 */
export function recordEventTrace(type: string, count: number): string | null {
  if (!tracingEnabled() || !isSpanContextValid(trace.getSpanContext(context.active()) ?? INVALID)) return null;
  const span = tracer().startSpan(`event ${type}`, {
    kind: SpanKind.PRODUCER,
    attributes: { 'messaging.system': 'outbox', 'messaging.destination.name': type, 'messaging.batch.message_count': count },
  });
  span.end();
  const carrier: TraceCarrier = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  const kept = traceContextOf(carrier);
  if (kept.traceparent === undefined) return null;
  const stored = JSON.stringify(kept);
  return stored.length <= STORED_CONTEXT_CHARS ? stored : JSON.stringify({ traceparent: kept.traceparent });
}

/**
 * Runs `work` in a span `name` that continues the trace stored with an event
 * (`stored`, from {@link recordEventTrace}; a new trace when `null` or
 * unreadable), with `attributes`, and the status `describe` gives its result
 * (an error status when it returns an error text). Without tracing, runs
 * `work` alone.
 */
export async function inStoredTrace<T>(
  stored: string | null,
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  describe: (result: T) => { readonly attributes?: Attributes; readonly error?: string },
): Promise<T> {
  if (!tracingEnabled()) return work();
  const parent = propagation.extract(ROOT_CONTEXT, parseCarrier(stored));
  return tracer().startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span: Span) => {
    try {
      const result = await work();
      const outcome = describe(result);
      if (outcome.attributes) span.setAttributes(outcome.attributes);
      if (outcome.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error });
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
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
