import { describe, expect, it } from 'vitest';

import { summarizeStatement } from './sql-statement.js';

describe('summarizeStatement', () => {
  it.each([
    ['SELECT `Account`.`id` AS `Account_id` FROM `accounts` `Account` WHERE `Account`.`id` = ?', 'SELECT', 'accounts'],
    ['  select id from deliveries d join callbacks c on c.id = d.callback_id', 'SELECT', 'deliveries'],
    ['INSERT INTO `outbox_events`(`type`, `body`) VALUES (?, ?)', 'INSERT', 'outbox_events'],
    ['INSERT IGNORE INTO name_grams (gram) VALUES (?)', 'INSERT', 'name_grams'],
    ['UPDATE `deliveries` SET `status` = ? WHERE `id` = ?', 'UPDATE', 'deliveries'],
    ['DELETE FROM `idempotency_keys` WHERE `expires_at` < ? LIMIT ?', 'DELETE', 'idempotency_keys'],
    ['REPLACE INTO accounts_db.`teams` (id) VALUES (?)', 'REPLACE', 'teams'],
  ])('%s → %s %s', (sql, operation, collection) => {
    expect(summarizeStatement(sql)).toEqual({ operation, collection });
  });

  it.each([
    ['START TRANSACTION', 'START'],
    ['COMMIT', 'COMMIT'],
    ['SELECT 1', 'SELECT'],
    ['SELECT VERSION() AS version', 'SELECT'],
    ['SELECT a FROM (SELECT a FROM t) x', 'SELECT'],
    ['SELECT id FROM a UNION SELECT id FROM b', 'SELECT'],
    ['SELECT (SELECT COUNT(*) FROM b) AS n FROM a', 'SELECT'],
  ])('%s → %s alone', (sql, operation) => {
    expect(summarizeStatement(sql)).toEqual({ operation });
  });

  it('names a statement it cannot read UNKNOWN', () => {
    expect(summarizeStatement('  (SELECT 1)')).toEqual({ operation: 'UNKNOWN' });
  });
});
