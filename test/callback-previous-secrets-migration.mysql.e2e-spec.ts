import type { DataSourceOptions } from 'typeorm';
import { describe, it } from 'vitest';

import { loadAppConfig } from '../src/config/environment.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { CallbackPreviousSecrets1795700001000 } from '../src/database/migrations/1795700001000-callback-previous-secrets.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { checkPreviousSecretsMigration, seedPreviousSecrets } from './support/previous-secrets-migration.js';
import { mysqlMigratedThrough } from './support/migration-database.js';
import { testDatabaseUrl } from './support/test-database.js';

const THROUGH = MIGRATIONS.slice(0, MIGRATIONS.indexOf(CallbackPreviousSecrets1795700001000) + 1);

/**
 * The previous-secrets migration on MySQL/MariaDB (its SQLite twin is
 * src/database/migrations/callback-previous-secrets.migration.spec.ts): the
 * test database's tables are dropped, and left migrated to the end.
 */
describe('CallbackPreviousSecrets migration on MySQL/MariaDB', () => {
  it('carries each previous secret over as a list of one; down keeps the newest', async () => {
    const url = testDatabaseUrl();
    const options = (migrations: DataSourceOptions['migrations']) =>
      ({ ...dataSourceOptions(loadAppConfig({ DATABASE_URL: url }).database), migrations }) as DataSourceOptions;
    const after = await mysqlMigratedThrough(url, options, MIGRATIONS, THROUGH, seedPreviousSecrets);
    try {
      await checkPreviousSecretsMigration(after);
      await after.runMigrations();
    } finally {
      await after.destroy();
    }
  });
});
