import { describe, it } from 'vitest';

import { checkPreviousSecretsMigration, seedPreviousSecrets } from '../../../test/support/previous-secrets-migration.js';
import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { CallbackPreviousSecrets1795700001000 } from './1795700001000-callback-previous-secrets.js';
import { MIGRATIONS } from './index.js';

const THROUGH = MIGRATIONS.slice(0, MIGRATIONS.indexOf(CallbackPreviousSecrets1795700001000) + 1);

/** The previous-secrets migration over callbacks that hold a previous secret: carried over as a list of one; down undoes it. */
describe('CallbackPreviousSecrets migration', () => {
  const database = useMigrationDatabase('callback-previous-secrets', (path) => dataSourceOptions({ type: 'sqlite', path }));

  it('carries each previous secret over as a list of one on SQLite; down keeps the newest', async () => {
    const before = await database.open(THROUGH.slice(0, -1));
    await seedPreviousSecrets(before);
    await before.destroy();
    const after = await database.open(THROUGH);
    await checkPreviousSecretsMigration(after);
    await after.destroy();
  });
});
