import 'reflect-metadata';

import { Logger } from '@nestjs/common';

import { AppsService } from './auth/apps/apps.service.js';
import { AppConfig } from './config/app-config.js';
import { createHttpApp } from './http-app.js';

/** API entrypoint: `node dist/main.js` (docs/api.md#operating). */
async function bootstrap(): Promise<void> {
  const app = await createHttpApp();
  const config = app.get(AppConfig);
  await app.listen({ port: config.port, host: config.host });
  // One line a person can act on: where the API is, its document, and the first step when nothing exists yet.
  const url = `http://${['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host}:${config.port}`;
  const firstStep =
    (await app.get(AppsService).count()) === 0 ? '; no app yet, create one with: npm run cli -- apps create admin --all-permissions' : '';
  new Logger('Main').log(`Accounts service on ${url} (API document: ${url}/docs)${firstStep}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
