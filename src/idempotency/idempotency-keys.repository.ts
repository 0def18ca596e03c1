import { Injectable } from '@nestjs/common';
import { LessThanOrEqual } from 'typeorm';

import { isDuplicateKeyError } from '../database/duplicate-key.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { Transactions } from '../database/transactions.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';

/** Rows deleted per statement when pruning on MySQL/MariaDB, so that no statement holds many row locks. */
const PRUNE_BATCH = 1000;

/** Thrown by {@link IdempotencyKeysRepository.insert} when the key was stored by another request meanwhile. */
export class IdempotencyKeyTakenError extends Error {
  constructor() {
    super('The Idempotency-Key was stored by another request meanwhile.');
  }
}

/** Every statement on `idempotency_keys`. */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The stored answer of `key` for `scope`, expired or not, read outside any transaction; `null` when none. */
  @GenerateSql({ params: [S.IDEMPOTENCY_SCOPE, S.IDEMPOTENCY_KEY] })
  find(scope: string, key: string): Promise<IdempotencyKeyEntity | null> {
    return this.transactions.manager.findOne(IdempotencyKeyEntity, { where: { scope, key } });
  }

  /**
   * Stores an answer in the current transaction (the request's write), first
   * deleting the expired row of the same key when `replaceExpired`. On MySQL
   * a row of the same key that another transaction has written but not yet
   * committed makes this wait for that commit.
   *
   * @throws IdempotencyKeyTakenError when a row of the key exists (another request stored it since it was looked up).
   */
  @GenerateSql({
    params: [
      {
        scope: S.IDEMPOTENCY_SCOPE,
        key: 'key-old',
        fingerprint: 'f'.repeat(64),
        status: 201,
        body: '{}',
        createdAt: S.NOW,
        expiresAt: S.NOW + 86_400,
      },
      true,
    ],
  })
  async insert(row: IdempotencyKeyEntity, replaceExpired: boolean): Promise<void> {
    const manager = this.transactions.manager;
    if (replaceExpired) {
      await manager.query('DELETE FROM idempotency_keys WHERE scope = ? AND idempotency_key = ? AND expires_at <= ?', [
        row.scope,
        row.key,
        row.createdAt,
      ]);
    }
    try {
      await manager.insert(IdempotencyKeyEntity, row);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new IdempotencyKeyTakenError();
      throw error;
    }
  }

  /** Deletes every row expired at `now` (seconds). @returns how many. */
  @GenerateSql({ params: [S.NOW] })
  async deleteExpired(now: number): Promise<number> {
    const manager = this.transactions.manager;
    if (manager.connection.options.type !== 'mysql') {
      return (await manager.delete(IdempotencyKeyEntity, { expiresAt: LessThanOrEqual(now) })).affected ?? 0;
    }
    let deleted = 0;
    for (;;) {
      const result: { affectedRows?: number } = await manager.query(
        'DELETE FROM idempotency_keys WHERE expires_at <= ? ORDER BY expires_at LIMIT ?',
        [now, PRUNE_BATCH],
      );
      deleted += result.affectedRows ?? 0;
      if ((result.affectedRows ?? 0) < PRUNE_BATCH) return deleted;
    }
  }
}
