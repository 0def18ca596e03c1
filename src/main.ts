import 'reflect-metadata';

import { Logger } from '@nestjs/common';

import { AppsService } from './auth/apps/apps.service.js';
import { AppConfig } from './config/app-config.js';
import { createHttpApp } from './http/create-http-app.js';

/** API entrypoint: `node dist/main.js` (contract §9). */
async function bootstrap(): Promise<void> {
  const app = await createHttpApp();
  const config = app.get(AppConfig);
  await app.listen({ port: config.port, host: config.host });
  const logger = new Logger('Main');
  logger.log(`Listening on http://${config.host}:${config.port}`);
  if ((await app.get(AppsService).count()) === 0) {
    logger.warn('No app exists yet. Create one with: npm run cli -- apps create admin --all-permissions --json');
  }
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
