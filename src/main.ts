import { startTracing } from './tracing/start-tracing.js';

/**
 * API entrypoint: `node dist/main.js` (docs/api.md#operating). Tracing starts first
 * (docs/operations.md#tracing), when the `OTEL_*` variables ask for it, so that
 * it sees Nest, mysql2, ioredis and pino being loaded; the API (`api-main.ts`)
 * is imported after it.
 */
const tracing = await startTracing('api', process.env);
const { runApi } = await import('./api-main.js');
runApi(tracing);
