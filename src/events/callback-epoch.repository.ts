import { Injectable } from '@nestjs/common';

import { GenerateSql } from '../database/generate-sql.decorator.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';

/**
 * The callback epoch (docs/api.md#events: an event goes to the callbacks that existed
 * when it was committed): a counter in the one row of `callback_epoch`, raised
 * by every new callback registration. A transaction that records events reads
 * it under a shared row lock and stores it with each event; a registration
 * raises it under the exclusive lock and registers the callback at the new
 * value. The locks order the two: either the registration waits for the
 * event's commit (the event carries the older epoch and is not sent to the new
 * callback) or the event's read waits for the registration's commit (the event
 * carries the new epoch and is sent). Team changes only share the lock among
 * themselves; a registration waits for those in flight.
 */
@Injectable()
export class CallbackEpochRepository {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly transactions: Transactions,
  ) {}

  /** @returns the current epoch, share-locked until the caller's transaction ends (MySQL; SQLite serialises writers). */
  @GenerateSql({ params: [] })
  async readShared(): Promise<number> {
    const lock = this.transactions.manager.connection.options.type === 'mysql' ? ' LOCK IN SHARE MODE' : '';
    const rows = await this.statements.select<{ epoch: number }>(`SELECT epoch FROM callback_epoch WHERE id = 1${lock}`, []);
    return rows.length === 0 ? 0 : rows[0].epoch;
  }

  /** Raises the epoch in the caller's transaction (the row stays locked until it ends). @returns the new epoch. */
  @GenerateSql({ params: [] })
  async advance(): Promise<number> {
    const manager = this.transactions.manager;
    await manager.query('UPDATE callback_epoch SET epoch = epoch + 1 WHERE id = 1');
    const rows: { epoch: number }[] = await manager.query('SELECT epoch FROM callback_epoch WHERE id = 1');
    if (rows.length > 0) return rows[0].epoch;
    await manager.query('INSERT INTO callback_epoch (id, epoch) VALUES (1, 1)');
    return 1;
  }
}
