import 'reflect-metadata';

import { fileURLToPath } from 'node:url';

import { DataSource } from 'typeorm';

import { readAppConfig } from './src/config/config.module.js';
import { dataSourceOptions } from './src/database/data-source-options.js';

/**
 * The TypeORM DataSource for the TypeORM CLI (`npm run typeorm -- migration:show`),
 * built from the same configuration as the service (docs/api.md#operating: DATABASE_URL),
 * with every feature's entities (`src/<feature>/**\/*.entity.ts`).
 */
export default new DataSource(
  dataSourceOptions(readAppConfig().database, [fileURLToPath(new URL('./src/**/*.entity.{ts,js}', import.meta.url))]),
);
