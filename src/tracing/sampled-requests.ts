import type { IncomingMessage } from 'node:http';

import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanOptions,
  SpanKind,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { HttpInstrumentation } from '@opentelemetry/instrumentation-http';

/** `http.Server.prototype.emit`, as the instrumentation wraps it. */
type Emit = (this: unknown, event: string, ...args: unknown[]) => boolean;

/**
 * The HTTP instrumentation's own steps (version 0.223): `_incomingRequestFunction`
 * makes the traced `Server.prototype.emit` from Node's, `_startHttpSpan` starts
 * each span and notes it in `_spanNotEnded` (only those are ended), `tracer` is the one it starts them with.
 */
interface RequestPatcher {
  readonly tracer: Tracer;
  _incomingRequestFunction(component: 'http' | 'https', original: Emit): Emit;
  _startHttpSpan(name: string, options: SpanOptions, parent?: Context): Span;
  readonly _spanNotEnded: WeakSet<Span>;
  getConfig(): { ignoreIncomingRequestHook?: (request: IncomingMessage) => boolean };
}

/** The server span started for the request being handed to the instrumentation (sampled), until it takes it. */
let started: Span | undefined;

/** Whether `request` may have a body that Fastify reads from its `data` and `end` events. */
function hasBody(request: IncomingMessage): boolean {
  return request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Makes `instrumentation` (HTTP's) decide the sampling of an incoming request
 * first (docs/operations.md#tracing): the server span is started from the
 * caller's W3C `traceparent` and `tracestate` with the configured sampler
 * before anything else. A sampled request then goes through the
 * instrumentation as before, with that span (its name, kind, attributes,
 * status and end are the instrumentation's). A request that sampling left out
 * builds no attribute and records nothing. If its caller sent a valid
 * `traceparent`, it runs inside the span's context (the caller's trace id, a
 * new span id, the sampled flag off; of the request's event emitters only a
 * request that has a body is bound to the context, its handler running from
 * the body's `end` event), so its log lines, its outgoing requests and the
 * events it stores continue the caller's unsampled trace, and their
 * deliveries are left out too. Without a caller's trace it runs outside any
 * trace context, as with tracing off: there is no trace to continue, and
 * the events it stores get an unsampled trace of their own
 * (`recordEventTrace`). Probes and scrapes
 * (`ignoreIncomingRequestHook`) stay the instrumentation's. Call before
 * `node:http` is loaded (the instrumentation patches it then).
 */
export function sampledRequestsOnly(instrumentation: HttpInstrumentation): void {
  const patcher = instrumentation as unknown as RequestPatcher;
  const incoming = patcher._incomingRequestFunction.bind(patcher);
  const startHttpSpan = patcher._startHttpSpan.bind(patcher);
  patcher._incomingRequestFunction = (component, original) => {
    const traced = incoming(component, original);
    return function emit(this: unknown, event, ...args) {
      if (event !== 'request') return original.call(this, event, ...args);
      const request = args[0] as IncomingMessage;
      if (patcher.getConfig().ignoreIncomingRequestHook?.(request)) return traced.call(this, event, ...args);
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = patcher.tracer.startSpan(request.method ?? 'GET', { kind: SpanKind.SERVER }, parent);
      if (span.isRecording()) {
        started = span;
        try {
          return traced.call(this, event, ...args);
        } finally {
          started = undefined;
        }
      }
      // No caller's trace to continue: the request runs as without tracing (its events store a trace of their own, unsampled).
      const caller = trace.getSpanContext(parent);
      if (caller === undefined || !isSpanContextValid(caller)) return original.call(this, event, ...args);
      const unsampled = trace.setSpan(parent, span);
      return context.with(unsampled, () => {
        if (hasBody(request)) context.bind(unsampled, request);
        return original.call(this, event, ...args);
      });
    };
  };
  patcher._startHttpSpan = (name, options, parent) => {
    const span = started;
    if (span === undefined || options.kind !== SpanKind.SERVER) return startHttpSpan(name, options, parent);
    started = undefined;
    if (options.attributes) span.setAttributes(options.attributes);
    patcher._spanNotEnded.add(span);
    return span;
  };
}
