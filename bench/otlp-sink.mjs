/**
 * A stand-in OpenTelemetry collector for `--tracing`: a local HTTP server in
 * the benchmark's own process that takes every OTLP/HTTP export
 * (`POST /v1/traces`), answers 200 with an empty body, and counts the
 * exports and their bytes; nothing is decoded or kept.
 */
import { createServer } from 'node:http';

/** @returns `{ url, exports, bytes, close() }`: `url` the OTLP base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`). */
export async function startOtlpSink() {
  const sink = { exports: 0, bytes: 0 };
  const server = createServer((request, response) => {
    request.on('data', (chunk) => (sink.bytes += chunk.length));
    request.on('end', () => {
      sink.exports += 1;
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/x-protobuf' });
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${server.address().port}`;
  sink.close = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

/**
 * The `OTEL_*` variables of the API and the workers for `--tracing`: `off`
 * none (any in the benchmark's own environment removed); `on` every span
 * exported to `sinkUrl` over OTLP `http/protobuf`; a ratio such as `0.1`
 * the same with `parentbased_traceidratio` sampling at that ratio.
 *
 * @returns the variables to set (`undefined` values unset one).
 */
export function tracingEnvironment(tracing, sinkUrl) {
  const none = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name.startsWith('OTEL_'))
      .map((name) => [name, undefined]),
  );
  if (tracing === 'off') return none;
  const exported = { ...none, OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' };
  if (tracing === 'on') return exported;
  return { ...exported, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: tracing };
}

/** Whether `value` is a valid `--tracing`: `off`, `on` or a sampling ratio in (0, 1). */
export function validTracing(value) {
  return value === 'off' || value === 'on' || (/^0?\.\d+$/.test(value) && Number(value) > 0 && Number(value) < 1);
}
