import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';

import { fromStoredAccountId, toStoredAccountId } from '../common/account-id.js';
import { isDuplicateKeyError } from '../database/duplicate-key.js';
import { isMissingReferenceError } from '../database/foreign-key.js';
import { forUpdate, forUpdateClause } from '../database/lock.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { retryOnLockConflict } from '../database/retrying-transaction.js';
import { Transactions } from '../database/transactions.js';
import { AccountEntity } from './account.entity.js';

/** Profile columns a profile-only change sets (docs/api.md#routes-accounts `PATCH /account/{account}`). */
export interface ProfileColumns {
  name?: string;
  discriminator?: string;
  avatar_url?: string | null;
}

/** An account row as stored. */
interface AccountColumns {
  id: string;
  name: string;
  discriminator: string;
  avatar_url: string | null;
  team_id: number | string | null;
  permissions: number | string;
  created_at: number | string;
}

const SELECT_ACCOUNT = 'SELECT id, name, discriminator, avatar_url, team_id, permissions, created_at FROM accounts WHERE id = ?';
const UPDATE_ACCOUNT = 'UPDATE accounts SET name = ?, discriminator = ?, avatar_url = ?, team_id = ?, permissions = ? WHERE id = ?';
const INSERT_ACCOUNT =
  'INSERT INTO accounts (id, name, discriminator, avatar_url, team_id, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';

/**
 * Every statement on the `accounts` table. Ids are canonical decimal strings
 * (docs/api.md#objects); the stored form is the repository's business. Methods taking
 * a `manager` run inside the caller's transaction.
 */
@Injectable()
export class AccountsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly statements: PreparedStatements,
  ) {}

  /** @returns the account, row-locked until commit when `lock` (MySQL), or `null`. */
  async findById(manager: EntityManager, id: string, lock = false): Promise<AccountEntity | null> {
    const sql = lock ? SELECT_ACCOUNT + forUpdateClause(manager) : SELECT_ACCOUNT;
    const [row] = await this.statements.select<AccountColumns>(manager, sql, [toStoredAccountId(id)]);
    return row ? toEntity(row) : null;
  }

  /** @returns the account outside any transaction, or `null`. */
  find(id: string): Promise<AccountEntity | null> {
    return this.findById(this.transactions.manager, id);
  }

  /** Whether the account exists; with `lock`, it stays (row-locked) until commit. */
  async exists(manager: EntityManager, id: string, lock = false): Promise<boolean> {
    const where = { id: toStoredAccountId(id) };
    return lock ? manager.exists(AccountEntity, { where, ...forUpdate(manager) }) : manager.exists(AccountEntity, { where });
  }

  /**
   * Locks the accounts of `ids` that exist (one statement), so none is deleted before commit.
   * @returns the canonical ids found.
   */
  async lockExisting(manager: EntityManager, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await manager.find(AccountEntity, {
      select: { id: true },
      where: { id: In([...new Set(ids)].map(toStoredAccountId)) },
      ...forUpdate(manager),
    });
    return new Set(found.map((account) => account.id));
  }

  /**
   * Inserts `account`, one statement: a taken id is the primary key's
   * duplicate-key error. Its team is not locked beforehand: the foreign-key
   * check share-locks the team row, which keeps a deletion out until commit
   * without making concurrent writers into one team wait for each other.
   *
   * @returns `'inserted'`; `'duplicate'` when its id is already taken, or
   *   `'missing-team'` when its team no longer exists (nothing written).
   */
  async insert(manager: EntityManager, account: AccountEntity): Promise<'inserted' | 'duplicate' | 'missing-team'> {
    try {
      await this.statements.write(manager, INSERT_ACCOUNT, [
        toStoredAccountId(account.id),
        account.name,
        account.discriminator,
        account.avatarUrl,
        account.teamId,
        account.permissions,
        account.createdAt,
      ]);
      return 'inserted';
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'duplicate';
      if (isMissingReferenceError(error)) return 'missing-team';
      throw error;
    }
  }

  /**
   * Writes the changeable columns of `account` (profile, team, permissions),
   * one prepared statement. A new team is share-locked by the foreign-key
   * check (see {@link insert}).
   *
   * @returns `false` when its team no longer exists (nothing written).
   */
  async update(manager: EntityManager, account: AccountEntity): Promise<boolean> {
    try {
      await this.statements.write(manager, UPDATE_ACCOUNT, [
        account.name,
        account.discriminator,
        account.avatarUrl,
        account.teamId,
        account.permissions,
        toStoredAccountId(account.id),
      ]);
      return true;
    } catch (error) {
      if (isMissingReferenceError(error)) return false;
      throw error;
    }
  }

  /**
   * A profile-only change as one `UPDATE`. With `manager` outside a
   * transaction it commits on its own (no row lock held across round trips)
   * and runs again on a deadlock or lock-wait timeout: the name-gram triggers
   * update shared counter rows. Inside a transaction the transaction's retry
   * does that. Plain SQL: TypeORM's update query builder cost more CPU than
   * the rest of the request.
   */
  async updateProfile(manager: EntityManager, id: string, changes: ProfileColumns): Promise<void> {
    const columns: string[] = [];
    const values: (string | null)[] = [];
    for (const column of ['name', 'discriminator', 'avatar_url'] as const) {
      if (changes[column] === undefined) continue;
      columns.push(`${column} = ?`);
      values.push(changes[column]);
    }
    if (columns.length === 0) return;
    const update = () => manager.query(`UPDATE accounts SET ${columns.join(', ')} WHERE id = ?`, [...values, toStoredAccountId(id)]);
    await (manager.queryRunner ? update() : retryOnLockConflict(update));
  }

  /** Sets the permission bits of an account. @returns false when it does not exist. */
  async setPermissions(id: string, permissions: number): Promise<boolean> {
    const result = await this.transactions.manager.update(AccountEntity, { id: toStoredAccountId(id) }, { permissions });
    return !!result.affected;
  }

  /** Deletes the account; its sessions and awardee rows go by foreign-key cascade. */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(AccountEntity, { id: toStoredAccountId(id) });
  }
}

/** The entity of a stored row. */
function toEntity(row: AccountColumns): AccountEntity {
  return Object.assign(new AccountEntity(), {
    id: fromStoredAccountId(row.id),
    name: row.name,
    discriminator: row.discriminator,
    avatarUrl: row.avatar_url,
    teamId: row.team_id === null ? null : Number(row.team_id),
    permissions: Number(row.permissions),
    createdAt: Number(row.created_at),
  });
}
