import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import type { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { node } from '@opentelemetry/sdk-node';
import { beforeAll, describe, expect, it } from 'vitest';

import { sampledCommandsOnly } from './sampled-commands.js';

// Its context manager: context.with does nothing without one.
beforeAll(() => new node.NodeTracerProvider().register());

type SendCommand = (this: unknown, ...args: unknown[]) => unknown;

function inRequest(sampled: boolean) {
  const traceFlags = sampled ? TraceFlags.SAMPLED : TraceFlags.NONE;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags });
}

describe('sampledCommandsOnly', () => {
  it("runs ioredis's own sendCommand outside a sampled span, the traced one inside", () => {
    const patcher = {
      _traceSendCommand: (original: SendCommand) =>
        function traced(this: unknown, ...args: unknown[]): unknown {
          return `traced ${String(original.apply(this, args))}`;
        },
    };
    sampledCommandsOnly(patcher as unknown as IORedisInstrumentation);
    const sendCommand = patcher._traceSendCommand((command: unknown) => command);
    expect(sendCommand.call(null, 'get')).toBe('get');
    expect(context.with(inRequest(false), () => sendCommand.call(null, 'get'))).toBe('get');
    expect(context.with(inRequest(true), () => sendCommand.call(null, 'get'))).toBe('traced get');
  });
});
