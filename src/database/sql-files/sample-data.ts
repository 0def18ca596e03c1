import { SqlSample as S } from '../generate-sql.decorator.js';

/** An account id as stored (zero-padded to 20 characters, `common/account-id.ts`). */
function stored(id: string): string {
  return id.padStart(20, '0');
}

const ACCOUNT_COLUMNS = '(id, name, discriminator, avatar_url, team_id, permissions, created_at)';
const DELIVERY_COLUMNS =
  '(id, event_id, callback_id, app_id, webhook_id, status, attempts, total_attempts, round, last_status, last_error, next_attempt_at, ' +
  'enqueued_at, last_attempt_at, created_at, updated_at, event, url)';
const HOOK = "'https://hooks.example.com/one'";

/** Filler accounts (`Filler 0001` to `Filler 3000`), each of the 250 filler teams holds 12. */
const FILLER_ACCOUNTS = 3_000;

/**
 * Enough rows beside the named ones that the plans are the ones a production
 * database gets (an index read, not a scan of a table of four rows): 250
 * teams, 3,000 accounts in them, 100 team awards held by 600 accounts, and
 * the name ranges a deep search page starts from (cut at `Filler 1000` and
 * `Filler 2000`, counted exactly). Built from the tally table `numbers`.
 */
const FILLER: readonly string[] = [
  `INSERT INTO teams (id, name, created_at) SELECT 100 + n, CONCAT('Team ', LPAD(n, 3, '0')), ${S.NOW - 2000} FROM numbers WHERE n <= 250`,
  `INSERT INTO accounts ${ACCOUNT_COLUMNS} SELECT LPAD(9000000 + k, 20, '0'), CONCAT('Filler ', LPAD(k, 4, '0')), '0001', NULL, 101 + k % 250, 0, ${S.NOW - 1500} ` +
    `FROM (SELECT (a.n - 1) * 100 + b.n AS k FROM numbers a INNER JOIN numbers b ON b.n <= 100 WHERE a.n <= ${FILLER_ACCOUNTS / 100}) f`,
  `INSERT INTO awards (id, title, image_url, team_id, created_at) SELECT 100 + n, CONCAT('Award ', n), 'https://img.example.com/a.png', 100 + n, ${S.NOW - 1400} FROM numbers WHERE n <= 100`,
  `INSERT INTO awardees (award_id, account_id) SELECT 101 + k % 100, LPAD(9000000 + k, 20, '0') ` +
    `FROM (SELECT (a.n - 1) * 100 + b.n AS k FROM numbers a INNER JOIN numbers b ON b.n <= 100 WHERE a.n <= ${FILLER_ACCOUNTS / 100}) f WHERE k % 5 = 0`,
  "INSERT INTO account_name_ranges (boundary) VALUES ('Filler 1000'), ('Filler 2000')",
  'DELETE FROM account_name_range_counts',
  'INSERT INTO account_name_range_counts (boundary, shard, accounts) ' +
    "SELECT '', 0, COUNT(*) FROM accounts WHERE name < 'Filler 1000' " +
    "UNION ALL SELECT 'Filler 1000', 0, COUNT(*) FROM accounts WHERE name >= 'Filler 1000' AND name < 'Filler 2000' " +
    "UNION ALL SELECT 'Filler 2000', 0, COUNT(*) FROM accounts WHERE name >= 'Filler 2000'",
];

/**
 * The generator's data set: a few rows in every table, the ones
 * {@link S} names (the triggers fill the maintained counts and name grams).
 * Fixed values only, so that every run writes the same files.
 */
export const SAMPLE_DATA: readonly string[] = [
  `INSERT INTO teams (id, name, created_at) VALUES (${S.TEAM}, 'Alpha', ${S.NOW - 1000}), (${S.TEAM_2}, 'Beta', ${S.NOW - 900})`,
  `INSERT INTO accounts ${ACCOUNT_COLUMNS} VALUES ` +
    `('${stored(S.ACCOUNT)}', 'Ada', '0001', NULL, ${S.TEAM}, 1, ${S.NOW - 800}), ` +
    `('${stored(S.ACCOUNT_2)}', 'Bob', '0002', 'https://img.example.com/bob.png', ${S.TEAM}, 0, ${S.NOW - 790}), ` +
    `('${stored(S.ACCOUNT_3)}', 'Cyd', '0003', NULL, NULL, 0, ${S.NOW - 780}), ` +
    `('${stored('1000000000000000004')}', 'Dee', '0004', NULL, ${S.TEAM_2}, 0, ${S.NOW - 770})`,
  ...FILLER,
  'INSERT INTO awards (id, title, image_url, team_id, created_at) VALUES ' +
    `(${S.AWARD}, 'Gold', 'https://img.example.com/gold.png', ${S.TEAM}, ${S.NOW - 700}), ` +
    `(${S.AWARD_2}, 'Silver', 'https://img.example.com/silver.png', NULL, ${S.NOW - 690})`,
  'INSERT INTO awardees (award_id, account_id) VALUES ' +
    `(${S.AWARD}, '${stored(S.ACCOUNT)}'), (${S.AWARD_2}, '${stored(S.ACCOUNT)}'), (${S.AWARD_2}, '${stored(S.ACCOUNT_2)}')`,
  `INSERT INTO apps (id, name, permissions, token_hash, created_at) VALUES ` +
    `(${S.APP}, 'App One', 3, '${'a'.repeat(64)}', ${S.NOW - 600}), (2, 'App Two', 0, '${'b'.repeat(64)}', ${S.NOW - 590})`,
  'INSERT INTO sessions (id, account_id, token_hash, created_at, expires_at) VALUES ' +
    `(${S.SESSION}, '${stored(S.ACCOUNT)}', '${'b'.repeat(64)}', ${S.NOW - 500}, ${S.NOW + 86_400}), ` +
    `(2, '${stored(S.ACCOUNT_2)}', '${'c'.repeat(64)}', ${S.NOW - 90_000}, ${S.NOW - 3600})`,
  `INSERT INTO account_event_sequences (account_id, last_sequence) VALUES ('${stored(S.ACCOUNT)}', 3)`,
  'INSERT INTO callback_epoch (id, epoch) VALUES (1, 1) ON DUPLICATE KEY UPDATE epoch = 1',
  'INSERT INTO callbacks (id, app_id, event, url, secret, created_at, updated_at, since_epoch, previous_secrets, previous_secrets_until) VALUES ' +
    `(${S.CALLBACK}, ${S.APP}, '${S.EVENT_TYPE}', ${HOOK}, 'whsec_new', ${S.NOW - 400}, ${S.NOW - 10}, 1, ` +
    `'[{"secret":"whsec_old","until":${S.NOW - 5}}]', ${S.NOW - 5})`,
  'INSERT INTO outbox_events (id, type, payload, created_at, dispatched_at, callback_epoch) VALUES ' +
    `(${S.EVENT}, '${S.EVENT_TYPE}', '{"team":1}', ${S.NOW - 300}, ${S.NOW - 299}, 1), ` +
    `(2, '${S.EVENT_TYPE}', '{"team":2}', ${S.NOW - 299}, ${S.NOW - 298}, 1), ` +
    `(3, '${S.EVENT_TYPE}', '{"team":1}', ${S.NOW - 298}, ${S.NOW - 297}, 1), ` +
    `(4, '${S.EVENT_TYPE}', '{"team":2}', ${S.NOW - 200}, NULL, 1)`,
  `INSERT INTO deliveries ${DELIVERY_COLUMNS} VALUES ` +
    `(${S.DELIVERY}, ${S.EVENT}, ${S.CALLBACK}, ${S.APP}, 'msg_1', 'pending', 0, 0, 0, NULL, NULL, ${S.NOW - 1}, NULL, NULL, ${S.NOW - 299}, ${S.NOW - 299}, '${S.EVENT_TYPE}', ${HOOK}), ` +
    `(${S.DELIVERY_FAILED}, 2, ${S.CALLBACK}, ${S.APP}, 'msg_2', 'failed', 2, 2, 0, 500, 'HTTP 500', NULL, NULL, ${S.NOW - 100}, ${S.NOW - 298}, ${S.NOW - 100}, '${S.EVENT_TYPE}', ${HOOK}), ` +
    `(3, 3, ${S.CALLBACK}, ${S.APP}, 'msg_3', 'succeeded', 1, 1, 0, 200, NULL, NULL, ${S.NOW - 250}, ${S.NOW - 250}, ${S.NOW - 297}, ${S.NOW - 250}, '${S.EVENT_TYPE}', ${HOOK})`,
  'INSERT INTO delivery_attempts (delivery_id, attempt, at, duration_ms, response_status, error, response_body) VALUES ' +
    `(${S.DELIVERY_FAILED}, 1, ${S.NOW - 200}, 120, 500, 'HTTP 500', 'oops'), (${S.DELIVERY_FAILED}, 2, ${S.NOW - 100}, 80, 500, 'HTTP 500', 'oops')`,
  'INSERT INTO idempotency_keys (scope, idempotency_key, fingerprint, status, body, created_at, expires_at) VALUES ' +
    `('${S.IDEMPOTENCY_SCOPE}', '${S.IDEMPOTENCY_KEY}', '${'d'.repeat(64)}', 201, '{}', ${S.NOW - 100}, ${S.NOW + 86_300}), ` +
    `('${S.IDEMPOTENCY_SCOPE}', 'key-old', '${'e'.repeat(64)}', 200, '{}', ${S.NOW - 90_000}, ${S.NOW - 3600})`,
];
