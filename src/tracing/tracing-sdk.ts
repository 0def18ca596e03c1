import { readFileSync } from 'node:fs';

import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { api, core, NodeSDK } from '@opentelemetry/sdk-node';

import { databaseTracers, errorTypedTracers } from './conventional-tracers.js';

import { redactedRequestUrl } from './redacted-url.js';
import { sampledCommandsOnly } from './sampled-commands.js';
import { sampledRequestsOnly } from './sampled-requests.js';
import { sampledStatementsOnly } from './sampled-statements.js';
import { defaultServiceName, type TracingRole } from './tracing-settings.js';

/** The service's version (`version` of package.json), the resource's `service.version`. */
function serviceVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Health probes and metric scrapes: every few seconds, never a trace of their own. */
const PROBES_AND_SCRAPES = /^\/(health\/[^?]*|metrics)(\?.*)?$/;

/**
 * Starts the OpenTelemetry Node SDK for traces only (docs/operations.md#tracing):
 * the exporter, protocol (`http/protobuf` by default, `http/json`, `grpc`),
 * sampler and batch settings come from the standard `OTEL_*` variables, as
 * the specification defines them; metrics stay on `/metrics`
 * (Prometheus) and logs on standard output, so neither is exported. The
 * resource is the role's: `service.name` `accounts-service-api` or
 * `accounts-service-worker` unless `OTEL_SERVICE_NAME` says otherwise,
 * `service.version` (package.json's), `service.namespace`
 * `accounts-service`, `accounts_service.role`, and the
 * process and host attributes. Trace context is W3C Trace Context alone
 * (`OTEL_PROPAGATORS` is not read): a caller's `traceparent` and `tracestate`
 * (at most 32 members and 512 characters, the rest dropped) are continued, its
 * `baggage` is never read, so never stored nor sent on. Instruments incoming
 * and outgoing HTTP (an incoming request sampled first: one left out only runs
 * in its unsampled trace context, with no span built; not the probes and
 * scrapes; an outgoing request's
 * `url.full` with its query values redacted; a failed one's `error.type` its
 * error code or class), mysql2 (statements without their values, named and
 * described by the database conventions, a failed one's `error.type` its error
 * code; none outside a sampled request or delivery, where the instrumentation
 * does no work at all: an idle process exports no spans), ioredis (commands without
 * their arguments, none outside a sampled request or delivery, where the
 * instrumentation does no work) and pino
 * (`trace_id` and `span_id` on every line written inside a span).
 *
 * Loaded only when tracing is requested, before the modules it instruments.
 */
export function startTracingSdk(role: TracingRole, env: Readonly<Record<string, string | undefined>>): NodeSDK {
  const http = new HttpInstrumentation({
    ignoreIncomingRequestHook: (request) => PROBES_AND_SCRAPES.test(request.url ?? ''),
    // A callback URL's query may hold the receiver's credential: `url.full` keeps its keys, never its values.
    startOutgoingSpanHook: (request) => ({ 'url.full': redactedRequestUrl(request) }),
  });
  // An incoming request is sampled first: one that sampling leaves out only runs in its trace context.
  sampledRequestsOnly(http);
  // Statements as the code writes them, literals masked: never the values (secrets, token hashes) of a request.
  const mysql = new MySQL2Instrumentation({ maskStatement: true });
  // A statement outside a sampled span runs as without tracing: sampling at 10 % then costs little.
  sampledStatementsOnly(mysql);
  // The command's name only; Redis calls outside a sampled request or delivery (the queue's own polling) make no span.
  const redis = new IORedisInstrumentation({ dbStatementSerializer: (command) => command, requireParentSpan: true });
  sampledCommandsOnly(redis);
  const sdk = new NodeSDK({
    serviceName: (env.OTEL_SERVICE_NAME ?? '').trim() || defaultServiceName(role),
    resource: resourceFromAttributes({
      'service.version': serviceVersion(),
      'service.namespace': 'accounts-service',
      'accounts_service.role': role,
    }),
    // A caller's baggage is neither read nor forwarded; tracestate is bounded by the propagator's parser.
    textMapPropagator: new core.W3CTraceContextPropagator(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [http, mysql, redis, new PinoInstrumentation({ disableLogSending: true })],
  });
  sdk.start();
  // After start: the SDK gives each instrumentation the global provider, these wrap it.
  const provider = api.trace.getTracerProvider();
  http.setTracerProvider(errorTypedTracers(provider));
  mysql.setTracerProvider(databaseTracers(provider));
  return sdk;
}
