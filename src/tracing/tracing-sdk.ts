import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';

import { defaultServiceName, type TracingRole } from './tracing-settings.js';

/** Health probes and metric scrapes: every few seconds, never a trace of their own. */
const PROBES_AND_SCRAPES = /^\/(health\/[^?]*|metrics)(\?.*)?$/;

/**
 * Starts the OpenTelemetry Node SDK for traces only (docs/operations.md#tracing):
 * the exporter, protocol (`http/protobuf` by default, `http/json`, `grpc`),
 * sampler, propagators and batch settings come from the standard `OTEL_*`
 * variables, as the specification defines them; metrics stay on `/metrics`
 * (Prometheus) and logs on standard output, so neither is exported. The
 * resource is the role's: `service.name` `accounts-service-api` or
 * `accounts-service-worker` unless `OTEL_SERVICE_NAME` says otherwise,
 * `service.namespace` `accounts-service`, `accounts_service.role`, and the
 * process and host attributes. Instruments incoming and outgoing HTTP (not the
 * probes and scrapes), mysql2 (statements without their values), ioredis
 * (commands without their arguments) and pino (`trace_id` and `span_id` on
 * every line written inside a span).
 *
 * Loaded only when tracing is requested, before the modules it instruments.
 */
export function startTracingSdk(role: TracingRole, env: Readonly<Record<string, string | undefined>>): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: (env.OTEL_SERVICE_NAME ?? '').trim() || defaultServiceName(role),
    resource: resourceFromAttributes({ 'service.namespace': 'accounts-service', 'accounts_service.role': role }),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => PROBES_AND_SCRAPES.test(request.url ?? '') }),
      // Statements as the code writes them, literals masked: never the values (secrets, token hashes) of a request.
      new MySQL2Instrumentation({ maskStatement: true }),
      // The command's name only; Redis calls outside a traced request (the queue's own polling) make no span.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command, requireParentSpan: true }),
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  sdk.start();
  return sdk;
}
