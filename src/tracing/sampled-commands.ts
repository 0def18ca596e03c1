import type { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';

import { inSampledSpan } from './sampled-statements.js';

/** ioredis's `sendCommand`, as the instrumentation wraps it. */
type SendCommand = (this: unknown, ...args: unknown[]) => unknown;

/** The ioredis instrumentation's own step (version 0.71): `_traceSendCommand` makes the traced `sendCommand` from ioredis's. */
interface CommandPatcher {
  _traceSendCommand(original: SendCommand, moduleVersion: string | undefined): SendCommand;
}

/**
 * Makes `instrumentation` (ioredis's) skip its work for a command outside a
 * sampled span (docs/operations.md#tracing): ioredis's own `sendCommand` runs,
 * with no attributes, no span and no wrapped callbacks, so the commands of a
 * request or delivery that sampling left out (and the queue's own polling)
 * cost what they cost without tracing. Call before ioredis is loaded (the
 * instrumentation patches it then).
 */
export function sampledCommandsOnly(instrumentation: IORedisInstrumentation): void {
  const patcher = instrumentation as unknown as CommandPatcher;
  const traceSendCommand = patcher._traceSendCommand.bind(patcher);
  patcher._traceSendCommand = (original, moduleVersion) => {
    const traced = traceSendCommand(original, moduleVersion);
    return function sendCommand(this: unknown, ...args: unknown[]): unknown {
      return inSampledSpan() ? traced.apply(this, args) : original.apply(this, args);
    };
  };
}
