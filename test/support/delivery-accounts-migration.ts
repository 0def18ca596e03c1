import type { DataSource } from 'typeorm';
import { expect } from 'vitest';

/** A delivery row as the release before `1795952685759-delivery-accounts.ts` inserts it (no `account_id`). */
function previousReleaseInsert(id: number, eventId: number): string {
  return `INSERT INTO deliveries (id, event_id, callback_id, app_id, event, url, webhook_id, status, attempts, total_attempts, round, created_at, updated_at)
          VALUES (${id}, ${eventId}, 3, 1, 'account_team_update', 'https://a.test/h', 'msg_${id}', 'succeeded', 1, 1, 0, 2, 3)`;
}

/**
 * Deliveries of events about the largest account id (5), about none (6, a
 * ping) and about account 42 (10), and one whose event's body is not JSON (12),
 * before the migration; event 14 has no delivery yet.
 */
export async function seedDeliveryAccounts(dataSource: DataSource): Promise<void> {
  await dataSource.query(`INSERT INTO apps (id, name, permissions, token_hash, created_at) VALUES (1, 'a', 0, 'h', 1)`);
  await dataSource.query(
    `INSERT INTO callbacks (id, app_id, event, url, secret, created_at, updated_at) VALUES (3, 1, 'account_team_update', 'https://a.test/h', 's', 1, 1)`,
  );
  await dataSource.query(
    `INSERT INTO outbox_events (id, type, payload, created_at, dispatched_at) VALUES
       (7, 'account_team_update', '{"account":{"id":"18446744073709551615","name":"A"},"team":null,"type":"account_team_update"}', 1, 2),
       (8, 'ping', '{"event":"ping","callback":{"url":"https://a.test/h"}}', 1, 2),
       (9, 'account_team_update', '{"account":{"id":"42"},"team":null}', 1, 2),
       (11, 'account_team_update', 'not json', 1, 2),
       (14, 'account_team_update', '{"account":{"id":"42"},"team":null}', 3, 4)`,
  );
  for (const [id, eventId] of [
    [5, 7],
    [6, 8],
    [10, 9],
    [12, 11],
  ])
    await dataSource.query(previousReleaseInsert(id, eventId));
}

/**
 * Checks what the migration (the last applied) made of {@link seedDeliveryAccounts}'s rows: each names its event's
 * account in the stored form (20 digits); the previous release's insert still succeeds (no account); `down` drops the column.
 */
export async function checkDeliveryAccountsMigration(dataSource: DataSource): Promise<void> {
  await dataSource.query(previousReleaseInsert(13, 14));
  expect(await dataSource.query('SELECT id, account_id FROM deliveries ORDER BY id')).toEqual([
    { id: 5, account_id: '18446744073709551615' },
    { id: 6, account_id: null },
    { id: 10, account_id: '00000000000000000042' },
    { id: 12, account_id: null },
    { id: 13, account_id: null },
  ]);
  await dataSource.undoLastMigration();
  const [row] = (await dataSource.query('SELECT * FROM deliveries WHERE id = 5')) as Record<string, unknown>[];
  expect(row).toMatchObject({ id: 5, event_id: 7 });
  expect(Object.keys(row)).not.toContain('account_id');
}
