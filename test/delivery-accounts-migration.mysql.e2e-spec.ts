import type { DataSourceOptions } from 'typeorm';
import { describe, it } from 'vitest';

import { loadAppConfig } from '../src/config/environment.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { DeliveryAccounts1795952685759 } from '../src/database/migrations/1795952685759-delivery-accounts.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { checkDeliveryAccountsMigration, seedDeliveryAccounts } from './support/delivery-accounts-migration.js';
import { mysqlMigratedThrough } from './support/migration-database.js';
import { testDatabaseUrl } from './support/test-database.js';

const THROUGH = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DeliveryAccounts1795952685759) + 1);

/**
 * The delivery-accounts migration on MySQL/MariaDB (its SQLite twin is
 * src/database/migrations/delivery-accounts.migration.spec.ts): the test
 * database's tables are dropped, and left migrated to the end.
 */
describe('DeliveryAccounts migration on MySQL/MariaDB', () => {
  it("fills in each delivery's account from its event's body; old inserts still succeed; down undoes it", async () => {
    const url = testDatabaseUrl();
    const options = (migrations: DataSourceOptions['migrations']) =>
      ({ ...dataSourceOptions(loadAppConfig({ DATABASE_URL: url }).database), migrations }) as DataSourceOptions;
    const after = await mysqlMigratedThrough(url, options, MIGRATIONS, THROUGH, seedDeliveryAccounts);
    try {
      await checkDeliveryAccountsMigration(after);
      await after.runMigrations();
    } finally {
      await after.destroy();
    }
  });
});
