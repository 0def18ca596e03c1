import { describe, expect, it } from 'vitest';

import { useMigrationDatabase } from '../../../test/support/migration-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { AttemptLogTrigger1795700000003 } from './1795700000003-attempt-log-trigger.js';
import { MIGRATIONS } from './index.js';

/** The attempt-log trigger migration (SQLite file): outcomes write their log row; earlier triggers on deliveries survive. */
describe('AttemptLogTrigger migration', () => {
  const database = useMigrationDatabase('attempt-log-trigger', (path) => dataSourceOptions({ type: 'sqlite', path }));

  it('writes one log row per counted attempt, keeps the count triggers; down undoes it', async () => {
    const dataSource = await database.open(MIGRATIONS.slice(0, MIGRATIONS.indexOf(AttemptLogTrigger1795700000003) + 1));
    const triggers = () =>
      dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'deliveries' ORDER BY name`);
    expect(await triggers()).toEqual([
      { name: 'trg_deliveries_attempt_log' },
      { name: 'trg_deliveries_count_delete' },
      { name: 'trg_deliveries_count_insert' },
      { name: 'trg_deliveries_count_update' },
    ]);
    await dataSource.query(`INSERT INTO apps (id, name, permissions, token_hash, created_at) VALUES (1, 'a', 0, 'h', 1)`);
    await dataSource.query(`INSERT INTO outbox_events (id, type, payload, created_at, dispatched_at) VALUES (7, 'x', '{}', 1, 2)`);
    await dataSource.query(
      `INSERT INTO deliveries (id, event_id, app_id, event, webhook_id, status, created_at, updated_at) VALUES (1, 7, 1, 'x', 'm', 'pending', 1, 1)`,
    );
    const outcome = `UPDATE deliveries SET attempts = 1, total_attempts = 1, last_attempt_at = 10.5, last_duration_ms = 250,
                            last_status = 503, last_error = 'HTTP 503', last_response_body = 'busy' WHERE id = 1`;
    await dataSource.query(outcome);
    await dataSource.query(outcome);
    await dataSource.query(`UPDATE deliveries SET status = 'failed', last_error = 'callback disabled' WHERE id = 1`);
    expect(await dataSource.query('SELECT * FROM delivery_attempts')).toEqual([
      { delivery_id: 1, attempt: 1, at: 10.25, duration_ms: 250, response_status: 503, error: 'HTTP 503', response_body: 'busy' },
    ]);

    await dataSource.undoLastMigration();
    expect((await triggers()).map((row: { name: string }) => row.name)).not.toContain('trg_deliveries_attempt_log');
    expect(await triggers()).toHaveLength(3);
    await dataSource.destroy();
  });
});
