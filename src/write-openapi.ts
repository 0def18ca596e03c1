import 'reflect-metadata';

import { writeFileSync } from 'node:fs';

import { readAppConfig } from './config/config.module.js';
import { createHttpApp } from './http-app.js';

/**
 * `npm run openapi`: writes the OpenAPI document the API serves at `/docs/json`
 * to `openapi.json` (or the path given as the first argument), 2-space JSON,
 * for clients and SDK generators. Runs the app on an in-memory SQLite database,
 * listening on a free loopback port only while it reads the document. A test
 * compares the committed file with the code's document, so CI fails on drift.
 */
async function writeOpenApi(path: string): Promise<void> {
  const app = await createHttpApp(readAppConfig({ DATABASE_URL: 'sqlite::memory:', REDIS_URL: '', LOG_LEVEL: 'silent' }), {
    logger: false,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.getHttpServer().address() as { port: number };
    const document = await (await fetch(`http://127.0.0.1:${port}/docs/json`)).json();
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  } finally {
    await app.close();
  }
}

writeOpenApi(process.argv[2] ?? 'openapi.json').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
