import { describe, expect, it } from 'vitest';

import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { DeliveryLog1795700000001 } from './1795700000001-delivery-log.js';
import { MIGRATIONS } from './index.js';

/** The migrations up to and including the delivery log's. */
const THROUGH_DELIVERY_LOG = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DeliveryLog1795700000001) + 1);

/** The delivery-log migration over a database that already holds deliveries (SQLite file). */
describe('DeliveryLog migration', () => {
  const database = useMigrationDatabase('delivery-log', (path) => dataSourceOptions({ type: 'sqlite', path }));

  it('fills in the event, URL and attempts of existing deliveries; down undoes it', async () => {
    const before = await database.open(THROUGH_DELIVERY_LOG.slice(0, -1));
    await before.query(`INSERT INTO apps (id, name, permissions, token_hash, created_at) VALUES (1, 'a', 0, 'h', 1)`);
    await before.query(
      `INSERT INTO outbox_events (id, type, payload, created_at, dispatched_at) VALUES (7, 'account_team_update', '{}', 1, 2)`,
    );
    await before.query(
      `INSERT INTO callbacks (id, app_id, event, url, secret, created_at, updated_at) VALUES (3, 1, 'account_team_update', 'https://a.test/h', 's', 1, 1)`,
    );
    await before.query(
      `INSERT INTO deliveries (id, event_id, callback_id, app_id, webhook_id, status, attempts, round, created_at, updated_at)
       VALUES (5, 7, 3, 1, 'msg_1', 'failed', 4, 0, 2, 3)`,
    );
    await before.destroy();

    const after = await database.open(THROUGH_DELIVERY_LOG);
    expect(await after.query('SELECT event, url, total_attempts AS totalAttempts FROM deliveries')).toEqual([
      { event: 'account_team_update', url: 'https://a.test/h', totalAttempts: 4 },
    ]);
    expect(await after.query('SELECT disabled_at, failing_since, last_success_at, previous_secret FROM callbacks')).toEqual([
      { disabled_at: null, failing_since: null, last_success_at: null, previous_secret: null },
    ]);
    expect(await after.query('SELECT COUNT(*) AS n FROM delivery_attempts')).toEqual([{ n: 0 }]);
    await after.undoLastMigration();
    expect(await after.query('SELECT id, status, attempts FROM deliveries')).toEqual([{ id: 5, status: 'failed', attempts: 4 }]);
    await after.destroy();
  });
});
