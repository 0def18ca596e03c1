import { describe, it } from 'vitest';

import { CallbackPreviousSecrets1795700001000 } from '../src/database/migrations/1795700001000-callback-previous-secrets.js';
import { checkPreviousSecretsMigration, seedPreviousSecrets } from './support/previous-secrets-migration.js';
import { mysqlMigratedThrough } from './support/migration-database.js';

/**
 * The previous-secrets migration on MySQL/MariaDB (its SQLite twin is
 * src/database/migrations/callback-previous-secrets.migration.spec.ts): the
 * test database's tables are dropped, and left migrated to the end.
 */
describe('CallbackPreviousSecrets migration on MySQL/MariaDB', () => {
  it('carries each previous secret over as a list of one; down keeps the newest', async () => {
    const after = await mysqlMigratedThrough(CallbackPreviousSecrets1795700001000, seedPreviousSecrets);
    try {
      await checkPreviousSecretsMigration(after);
      await after.runMigrations();
    } finally {
      await after.destroy();
    }
  });
});
