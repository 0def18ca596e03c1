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

/**
 * Records the outbox span of `count` events of type `type` written in the
 * current request (a child of its active span, ended at once) and returns its
 * W3C Trace Context as stored with the events (`{"traceparent": ...}`), so
 * that the delivery of each continues the request's trace
 * (docs/operations.md#tracing). `null` when tracing is off or nothing is
 * being traced.
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
  return carrier.traceparent === undefined ? null : JSON.stringify(carrier);
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
 * The W3C Trace Context headers (`traceparent`, `tracestate` when present) of
 * the active span, for a request that continues the trace at its receiver;
 * none without tracing or outside a span.
 */
export function traceHeaders(): TraceCarrier {
  const carrier: TraceCarrier = {};
  if (tracingEnabled()) propagation.inject(context.active(), carrier);
  return carrier;
}

const INVALID = { traceId: '', spanId: '', traceFlags: 0 };

function parseCarrier(stored: string | null): TraceCarrier {
  if (stored === null) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
