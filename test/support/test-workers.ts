import { availableParallelism } from 'node:os';

/**
 * How many vitest workers run test files at once (vitest.config.ts): `TEST_WORKERS`, or one more than the machine's
 * cores. Most files wait on HTTP round trips, child processes and timers far more than they compute, so one worker
 * more than the cores keeps them busy: on 2 cores, 3 workers.
 * @throws Error when `TEST_WORKERS` is not a whole number from 1.
 */
export function testWorkers(env: NodeJS.ProcessEnv = process.env): number {
  if (env.TEST_WORKERS === undefined || env.TEST_WORKERS === '') return availableParallelism() + 1;
  const workers = Number(env.TEST_WORKERS);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`TEST_WORKERS must be a whole number from 1, not ${env.TEST_WORKERS}`);
  return workers;
}

/**
 * The files that run after the parallel ones, one at a time with nothing else running (vitest.config.ts's `serial`
 * project): each asserts a timing guarantee under a load it makes itself, which other files running beside it would
 * change.
 */
export const SERIAL_SUITES = [
  // A busy loop takes one of the cores while the receiver's busiest second is counted: with other files on the
  // other core the sender falls behind the schedule the assertion allows.
  'test/delivery-rate-limit.e2e-spec.ts',
  'test/delivery-rate-limit.redis-mysql.e2e-spec.ts',
  // Bounds of milliseconds: a refusal in under 50 ms of server time, /health/live within 100 ms under 8 heavy requests.
  'test/body-bounds.e2e-spec.ts',
  // Attempts counted per second of the receiver's clock while another app's backlog drains: files beside them delay
  // the sender past the second the assertion allows.
  'test/delivery-isolation.e2e-spec.ts',
  'test/delivery-isolation.redis-mysql.e2e-spec.ts',
  'test/delivery-fairness.redis-mysql.e2e-spec.ts',
];

/**
 * The files that run isolated (vitest.config.ts's `isolated` project), each in a fresh module graph: each changes its
 * process for good, which the files a non-isolated worker runs after it would inherit.
 */
export const ISOLATED_SUITES = [
  // Starts the OpenTelemetry SDK at load: instrumented http, pino and mysql2, and a global tracer provider.
  'test/api-fuzz.e2e-spec.ts',
  // Register a global tracer provider, and some patch or disable instrumentations.
  'src/tracing/**/*.spec.ts',
];
