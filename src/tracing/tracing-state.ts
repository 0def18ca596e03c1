/**
 * Whether this process exports traces: set once by `startTracing` at start;
 * while it is false the span and header helpers of this folder return at
 * once, so a process without the `OTEL_*` variables pays nothing for them.
 */
let enabled = false;

/** Marks tracing as on for this process (only `startTracing` calls it). */
export function markTracingEnabled(): void {
  enabled = true;
}

/** Whether the process exports traces. */
export function tracingEnabled(): boolean {
  return enabled;
}
