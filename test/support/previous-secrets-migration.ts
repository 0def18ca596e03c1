import type { DataSource } from 'typeorm';
import { expect } from 'vitest';

/**
 * Callbacks holding a previous secret (id 3), none (id 4) and one whose grace
 * ended (id 5, the minute pass had not run yet), before the migration.
 */
export async function seedPreviousSecrets(dataSource: DataSource): Promise<void> {
  await dataSource.query(`INSERT INTO apps (id, name, permissions, token_hash, created_at) VALUES (1, 'a', 0, 'h', 1)`);
  await dataSource.query(
    `INSERT INTO callbacks (id, app_id, event, url, secret, created_at, updated_at, previous_secret, previous_secret_until) VALUES
       (3, 1, 'account_team_update', 'https://a.test/h', 'new', 1, 2, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 1800000000.25),
       (4, 1, 'x', 'https://a.test/x', 's', 1, 1, NULL, NULL),
       (5, 1, 'y', 'https://a.test/y', 's', 1, 1, 'gone', 10)`,
  );
}

/** Checks what the migration (`1795700001000-callback-previous-secrets.ts`, the last applied) made of {@link seedPreviousSecrets}'s rows, then what `down` gives back. */
export async function checkPreviousSecretsMigration(dataSource: DataSource): Promise<void> {
  const rows = async (sql: string) =>
    ((await dataSource.query(sql)) as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && key.endsWith('until') ? Number(value) : value]),
      ),
    );
  expect(await rows('SELECT id, previous_secrets, previous_secrets_until FROM callbacks ORDER BY id')).toEqual([
    {
      id: 3,
      previous_secrets: '[{"secret":"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw","until":1800000000.25}]',
      previous_secrets_until: 1800000000.25,
    },
    { id: 4, previous_secrets: null, previous_secrets_until: null },
    { id: 5, previous_secrets: '[{"secret":"gone","until":10}]', previous_secrets_until: 10 },
  ]);
  await dataSource.undoLastMigration();
  expect(await rows('SELECT id, previous_secret, previous_secret_until FROM callbacks ORDER BY id')).toEqual([
    { id: 3, previous_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', previous_secret_until: 1800000000.25 },
    { id: 4, previous_secret: null, previous_secret_until: null },
    { id: 5, previous_secret: 'gone', previous_secret_until: 10 },
  ]);
}
