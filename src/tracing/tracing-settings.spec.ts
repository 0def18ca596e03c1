import { describe, expect, it } from 'vitest';

import { describeTracing, tracingRequested } from './tracing-settings.js';

describe('tracing is on only when the OTEL_* variables ask for it (docs/operations.md#tracing)', () => {
  it('needs an OTLP endpoint, general or for traces', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(
      false,
    );
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
  });

  it('is off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, whatever the endpoint', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
    expect(tracingRequested({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('describes where the spans go, without credentials, as which service', () => {
    expect(describeTracing({}, 'api')).toBe('off');
    expect(describeTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://user:pw@collector:4318/' }, 'worker')).toBe(
      'OTLP http/protobuf to https://collector:4318/v1/traces as accounts-service-worker',
    );
    expect(
      describeTracing(
        {
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom?token=x',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_SERVICE_NAME: 'acc',
        },
        'api',
      ),
    ).toBe('OTLP http/json to http://c:4318/custom as acc');
  });
});
