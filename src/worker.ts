import { startTracing } from './tracing/start-tracing.js';

/**
 * Delivery worker entrypoint: `node dist/worker.js` (docs/api.md#operating). Tracing
 * starts first (docs/operations.md#tracing), when the `OTEL_*` variables ask for
 * it, so that it sees Nest, mysql2, ioredis and pino being loaded; the worker
 * (`worker-main.ts`) is imported after it.
 */
const tracing = await startTracing('worker', process.env);
const { runWorker } = await import('./worker-main.js');
runWorker(tracing);
