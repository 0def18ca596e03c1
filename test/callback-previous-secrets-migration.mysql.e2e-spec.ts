import { DataSource, type DataSourceOptions } from 'typeorm';
import { describe, it } from 'vitest';

import { loadAppConfig } from '../src/config/environment.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { CallbackPreviousSecrets1795700001000 } from '../src/database/migrations/1795700001000-callback-previous-secrets.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { checkPreviousSecretsMigration, seedPreviousSecrets } from './support/previous-secrets-migration.js';
import { dropAllTables, testDatabaseUrl } from './support/test-database.js';

const THROUGH = MIGRATIONS.slice(0, MIGRATIONS.indexOf(CallbackPreviousSecrets1795700001000) + 1);

/**
 * The previous-secrets migration on MySQL/MariaDB (its SQLite twin is
 * src/database/migrations/callback-previous-secrets.migration.spec.ts): the
 * test database's tables are dropped, and left migrated to the end.
 */
describe('CallbackPreviousSecrets migration on MySQL/MariaDB', () => {
  it('carries each previous secret over as a list of one; down keeps the newest', async () => {
    const url = testDatabaseUrl();
    await dropAllTables(url);
    const options = (migrations: DataSourceOptions['migrations']) =>
      ({ ...dataSourceOptions(loadAppConfig({ DATABASE_URL: url }).database), migrations }) as DataSourceOptions;
    const before = await new DataSource(options(THROUGH.slice(0, -1))).initialize();
    await before.runMigrations();
    await seedPreviousSecrets(before);
    await before.destroy();
    const after = await new DataSource(options(MIGRATIONS)).initialize();
    try {
      await after.runMigrations();
      // The migrations after this one, if any, are undone to reach it.
      for (let left = MIGRATIONS.length - THROUGH.length; left > 0; left -= 1) await after.undoLastMigration();
      await checkPreviousSecretsMigration(after);
      await after.runMigrations();
    } finally {
      await after.destroy();
    }
  });
});
