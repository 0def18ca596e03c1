import { Injectable } from '@nestjs/common';

import { fromStoredAccountId, toStoredAccountId } from '../common/account-id.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';

/** Accounts counted per statement when a team's deletion raises many at once (well under every backend's parameter limit). */
const CHUNK = 500;

/**
 * Every statement on `account_event_sequences`: the per-account counter
 * behind the `sequence` of `account_team_update` events (docs/api.md#events).
 * Each raise is an upsert (`last_sequence + 1`, or 1 for an account's first
 * event) in the caller's transaction, which keeps the row locked until it
 * commits: a second transaction raising the same account waits, so numbers
 * follow commit order on every process and backend (MySQL/MariaDB row lock;
 * SQLite runs one transaction at a time).
 */
@Injectable()
export class AccountEventSequenceRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly statements: PreparedStatements,
  ) {}

  /**
   * Raises the counter of each account of `accountIds` (canonical ids) by one,
   * in the current transaction, accounts in id order (one lock order for every
   * caller).
   *
   * @returns account id → its new sequence (1 for its first event).
   */
  @GenerateSql({ name: 'one', params: [[S.ACCOUNT]] }, { name: 'several', params: [[S.ACCOUNT, S.NEW_ACCOUNT]] })
  async raise(accountIds: readonly string[]): Promise<Map<string, number>> {
    const stored = [...new Set(accountIds.map(toStoredAccountId))].sort();
    const sequences = new Map<string, number>();
    if (stored.length === 1) {
      // A team move's one account: prepared statements.
      await this.statements.write(this.upsert(1), stored);
      const rows = await this.statements.select<SequenceRow>(
        'SELECT account_id, last_sequence FROM account_event_sequences WHERE account_id = ?',
        stored,
      );
      for (const row of rows) sequences.set(fromStoredAccountId(row.account_id), row.last_sequence);
      return sequences;
    }
    for (let start = 0; start < stored.length; start += CHUNK) {
      const chunk = stored.slice(start, start + CHUNK);
      await this.statements.writeText(this.upsert(chunk.length), chunk);
      const rows: SequenceRow[] = await this.transactions.manager.query(
        `SELECT account_id, last_sequence FROM account_event_sequences WHERE account_id IN (${chunk.map(() => '?').join(', ')})`,
        chunk,
      );
      for (const row of rows) sequences.set(fromStoredAccountId(row.account_id), row.last_sequence);
    }
    return sequences;
  }

  /** The upsert of `count` accounts: MySQL/MariaDB's `ON DUPLICATE KEY UPDATE`, SQLite's `ON CONFLICT`. */
  private upsert(count: number): string {
    const values = Array.from({ length: count }, () => '(?, 1)').join(', ');
    const raise =
      this.transactions.manager.connection.options.type === 'mysql'
        ? 'ON DUPLICATE KEY UPDATE last_sequence = last_sequence + 1'
        : 'ON CONFLICT (account_id) DO UPDATE SET last_sequence = last_sequence + 1';
    return `INSERT INTO account_event_sequences (account_id, last_sequence) VALUES ${values} ${raise}`;
  }
}

/** A counter row as stored (account id zero-padded). */
interface SequenceRow {
  account_id: string;
  last_sequence: number;
}
