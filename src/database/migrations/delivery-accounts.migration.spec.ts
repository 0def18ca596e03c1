import { describe, it } from 'vitest';

import { checkDeliveryAccountsMigration, seedDeliveryAccounts } from '../../../test/support/delivery-accounts-migration.js';
import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { DeliveryAccounts1795952685759 } from './1795952685759-delivery-accounts.js';
import { MIGRATIONS } from './index.js';

const THROUGH = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DeliveryAccounts1795952685759) + 1);

/** The delivery-accounts migration over existing deliveries (SQLite file; its MySQL twin is test/delivery-accounts-migration.mysql.e2e-spec.ts). */
describe('DeliveryAccounts migration', () => {
  const database = useMigrationDatabase('delivery-accounts', (path) => dataSourceOptions({ type: 'sqlite', path }));

  it("fills in each delivery's account from its event's body on SQLite; old inserts still succeed; down undoes it", async () => {
    const before = await database.open(THROUGH.slice(0, -1));
    await seedDeliveryAccounts(before);
    await before.destroy();
    const after = await database.open(THROUGH);
    await checkDeliveryAccountsMigration(after);
    await after.destroy();
  });
});
