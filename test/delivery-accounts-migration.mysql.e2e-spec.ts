import { describe, it } from 'vitest';

import { DeliveryAccounts1795952685759 } from '../src/database/migrations/1795952685759-delivery-accounts.js';
import { checkDeliveryAccountsMigration, seedDeliveryAccounts } from './support/delivery-accounts-migration.js';
import { mysqlMigratedThrough } from './support/migration-database.js';

/**
 * The delivery-accounts migration on MySQL/MariaDB (its SQLite twin is
 * src/database/migrations/delivery-accounts.migration.spec.ts): the test
 * database's tables are dropped, and left migrated to the end.
 */
describe('DeliveryAccounts migration on MySQL/MariaDB', () => {
  it("fills in each delivery's account from its event's body; old inserts still succeed; down undoes it", async () => {
    const after = await mysqlMigratedThrough(DeliveryAccounts1795952685759, seedDeliveryAccounts);
    try {
      await checkDeliveryAccountsMigration(after);
      await after.runMigrations();
    } finally {
      await after.destroy();
    }
  });
});
