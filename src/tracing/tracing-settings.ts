/** The process a trace span comes from: its own resource (`service.name`) in the traces (docs/operations.md#tracing). */
export type TracingRole = 'api' | 'worker';

/**
 * Whether the OpenTelemetry variables of the process ask for traces
 * (docs/operations.md#tracing): an OTLP endpoint is set
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`),
 * and neither `OTEL_SDK_DISABLED=true` nor `OTEL_TRACES_EXPORTER=none`
 * turns them off. Without them no OpenTelemetry SDK is loaded at all.
 */
export function tracingRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim() || (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
  if (endpoint === '') return false;
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  return (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() !== 'none';
}

/** The default `service.name` of a role when `OTEL_SERVICE_NAME` is unset: `accounts-service-api`, `accounts-service-worker`. */
export function defaultServiceName(role: TracingRole): string {
  return `accounts-service-${role}`;
}

/**
 * One phrase for the start-up line: `off`, or `OTLP http/protobuf to
 * http://collector:4318/v1/traces as accounts-service-api` (the endpoint
 * without user info or query).
 */
export function describeTracing(env: Readonly<Record<string, string | undefined>>, role: TracingRole): string {
  if (!tracingRequested(env)) return 'off';
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim() || 'http/protobuf';
  const traces = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim();
  const endpoint = traces || `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim().replace(/\/$/, '')}/v1/traces`;
  const service = (env.OTEL_SERVICE_NAME ?? '').trim() || defaultServiceName(role);
  return `OTLP ${protocol} to ${withoutSecrets(endpoint)} as ${service}`;
}

function withoutSecrets(endpoint: string): string {
  if (!URL.canParse(endpoint)) return endpoint.replace(/\/\/[^@/]*@/, '//');
  const url = new URL(endpoint);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
