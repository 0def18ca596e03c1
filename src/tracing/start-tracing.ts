import { register } from 'node:module';

import { describeTracing, type TracingRole, tracingRequested } from './tracing-settings.js';
import { markTracingEnabled } from './tracing-state.js';

/**
 * The packages instrumented when they are imported as ES modules (through
 * import-in-the-middle); the others' imports go through Node's loader untouched.
 * mysql2 is loaded by TypeORM with `require` and instrumented there.
 */
const INSTRUMENTED_IMPORTS = ['ioredis', 'pino', 'mysql2', 'node:http', 'node:https', 'http', 'https'];

/**
 * Lets the instrumentations see ES module imports (import-in-the-middle), only
 * of {@link INSTRUMENTED_IMPORTS}: in the application thread where Node has
 * synchronous loader hooks (Node 24.11.1+, the production runtime), else
 * through the loader thread (`module.register`, Node 20).
 */
async function registerImportHooks(): Promise<void> {
  const hooks = await import('import-in-the-middle/register-hooks.mjs');
  if (hooks.supportsSyncHooks()) hooks.register({ include: INSTRUMENTED_IMPORTS });
  else register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: INSTRUMENTED_IMPORTS } });
}

/** This process's tracing, for the start-up line and the shutdown. */
export interface Tracing {
  /** `off`, or where the spans go (`OTLP http/protobuf to http://collector:4318/v1/traces as accounts-service-api`). */
  readonly description: string;
  /** Sends the spans still buffered; call once the process has finished its work. Never throws. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing for `role` when the `OTEL_*` variables ask for it
 * (docs/operations.md#tracing); otherwise does nothing and loads nothing.
 * Must run before the service's modules (Nest, mysql2, ioredis, pino) are
 * imported: the entrypoints call it first and import the application after it.
 */
export async function startTracing(role: TracingRole, env: Readonly<Record<string, string | undefined>>): Promise<Tracing> {
  const description = describeTracing(env, role);
  if (!tracingRequested(env)) return { description, shutdown: () => Promise.resolve() };
  await registerImportHooks();
  const { startTracingSdk } = await import('./tracing-sdk.js');
  const sdk = startTracingSdk(role, env);
  markTracingEnabled();
  return {
    description,
    shutdown: () => sdk.shutdown().catch(() => undefined),
  };
}
