import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';

import { fromStoredAccountId, toStoredAccountId } from '../common/account-id.js';
import { isDuplicateKeyError } from '../database/duplicate-key.js';
import { isMissingReferenceError } from '../database/foreign-key.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdate, forUpdateClause } from '../database/lock.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';
import type { AccountRow } from '../read-model/account-row.js';
import type { AccountFields } from '../read-model/read-model.types.js';
import { AccountEntity } from './account.entity.js';

/** The columns `PATCH /account/{account}` may change (docs/api.md#routes-accounts); each one given is written. */
export type AccountChanges = Partial<Pick<AccountEntity, 'name' | 'discriminator' | 'avatarUrl' | 'teamId' | 'permissions'>>;

/** An `accounts` row as stored (drivers give numbers as strings at times). */
type AccountColumns = Pick<AccountRow, 'id' | 'name' | 'discriminator' | 'avatar_url' | 'team_id' | 'permissions' | 'created_at'>;

/** The member columns read when their team is deleted, as stored. */
type MemberRow = Omit<AccountColumns, 'team_id'>;

/** Each changeable field's column. */
const CHANGEABLE_COLUMNS: Record<keyof AccountChanges, string> = {
  name: 'name',
  discriminator: 'discriminator',
  avatarUrl: 'avatar_url',
  teamId: 'team_id',
  permissions: 'permissions',
};

const SELECT_ACCOUNT = 'SELECT id, name, discriminator, avatar_url, team_id, permissions, created_at FROM accounts WHERE id = ?';
const INSERT_ACCOUNT =
  'INSERT INTO accounts (id, name, discriminator, avatar_url, team_id, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';

/**
 * Every statement on the `accounts` table. Ids are canonical decimal strings
 * (docs/api.md#objects); the stored form is the repository's business. Every
 * method runs in the current transaction (`Transactions.manager`).
 */
@Injectable()
export class AccountsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
    private readonly statements: PreparedStatements,
  ) {}

  /** @returns the account, row-locked until commit when `lock` (MySQL), or `null`. */
  @GenerateSql({ params: [S.ACCOUNT] }, { name: 'locked', params: [S.ACCOUNT, true] })
  async findById(id: string, lock = false): Promise<AccountEntity | null> {
    const sql = lock ? SELECT_ACCOUNT + forUpdateClause() : SELECT_ACCOUNT;
    const [row] = await this.statements.select<AccountColumns>(sql, [toStoredAccountId(id)]);
    return row ? toEntity(row) : null;
  }

  /**
   * The account outside any transaction, as one prepared statement (a user's
   * credential check reads it on every request).
   *
   * @returns the account, or `null`.
   */
  @GenerateSql({ params: [S.ACCOUNT] })
  async find(id: string): Promise<AccountEntity | null> {
    const [row] = await this.reads.select<AccountColumns>(SELECT_ACCOUNT, [toStoredAccountId(id)]);
    return row ? toEntity(row) : null;
  }

  /** Whether the account exists; with `lock`, it stays (row-locked) until commit. */
  @GenerateSql({ params: [S.ACCOUNT] }, { name: 'locked', params: [S.ACCOUNT, true] })
  async exists(id: string, lock = false): Promise<boolean> {
    const manager = this.transactions.manager;
    const where = { id: toStoredAccountId(id) };
    return lock ? manager.exists(AccountEntity, { where, ...forUpdate() }) : manager.exists(AccountEntity, { where });
  }

  /**
   * Locks the accounts of `ids` that exist (one statement), so none is deleted before commit.
   * @returns the canonical ids found.
   */
  @GenerateSql({ params: [[S.ACCOUNT, S.ACCOUNT_2]] })
  async lockExisting(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.transactions.manager.find(AccountEntity, {
      select: { id: true },
      where: { id: In([...new Set(ids)].map(toStoredAccountId)) },
      ...forUpdate(),
    });
    return new Set(found.map((account) => account.id));
  }

  /**
   * Locks team `teamId`'s members (one statement) so none moves or goes before commit.
   * @returns them as they will be once the team is deleted: without a team.
   */
  @GenerateSql({ params: [S.TEAM] })
  async lockTeamMembers(teamId: number): Promise<AccountFields[]> {
    const rows: MemberRow[] = await this.transactions.manager.query(
      `SELECT id, name, discriminator, avatar_url, permissions, created_at FROM accounts WHERE team_id = ?${forUpdateClause()}`,
      [teamId],
    );
    return rows.map((row) => ({
      id: fromStoredAccountId(row.id),
      name: row.name,
      discriminator: row.discriminator,
      avatarUrl: row.avatar_url,
      teamId: null,
      permissions: row.permissions,
      createdAt: row.created_at,
    }));
  }

  /**
   * Inserts `account`, one statement: a taken id is the primary key's
   * duplicate-key error. Its team is not locked beforehand: the foreign-key
   * check share-locks the team row, which keeps a deletion out until commit
   * without making concurrent writers into one team wait for each other.
   *
   * Fires `trg_accounts_count_insert` (its team's row of `account_counts`
   * gains one) and, on MySQL/MariaDB, `trg_accounts_grams_insert` (the name's
   * grams into `account_name_grams` and `name_gram_counts`): three tables
   * written (src/queries/triggers.*.sql).
   *
   * @returns `'inserted'`; `'duplicate'` when its id is already taken, or
   *   `'missing-team'` when its team no longer exists (nothing written).
   */
  @GenerateSql({
    params: [{ id: S.NEW_ACCOUNT, name: 'Eve', discriminator: '0005', avatarUrl: null, teamId: S.TEAM, permissions: 0, createdAt: S.NOW }],
  })
  async insert(account: AccountEntity): Promise<'inserted' | 'duplicate' | 'missing-team'> {
    try {
      await this.statements.write(INSERT_ACCOUNT, [
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
   * Writes the columns in `changes` (none: no statement) as one `UPDATE`; an
   * unknown account is left as it is (no row matches). A new team is
   * share-locked by the foreign-key check (see {@link insert}). A prepared
   * statement: its text is one of at most 31 column sets, so a connection's
   * statement cache holds the few that requests use.
   *
   * Fires `trg_accounts_count_update` (a new team moves one from the old
   * team's row of `account_counts` to the new one's) and, on MySQL/MariaDB,
   * `trg_accounts_grams_update` (a new name replaces its grams in
   * `account_name_grams` and `name_gram_counts`) (src/queries/triggers.*.sql).
   *
   * @returns `false` when the new team no longer exists (nothing written).
   */
  @GenerateSql({ params: [S.ACCOUNT, { name: 'Ada L', teamId: S.TEAM_2 }] })
  async update(id: string, changes: AccountChanges): Promise<boolean> {
    const fields = (Object.keys(changes) as (keyof AccountChanges)[]).filter((field) => changes[field] !== undefined);
    if (fields.length === 0) return true;
    const assignments = fields.map((field) => `${CHANGEABLE_COLUMNS[field]} = ?`).join(', ');
    try {
      await this.statements.write(`UPDATE accounts SET ${assignments} WHERE id = ?`, [
        ...fields.map((field) => changes[field] ?? null),
        toStoredAccountId(id),
      ]);
      return true;
    } catch (error) {
      if (isMissingReferenceError(error)) return false;
      throw error;
    }
  }

  /**
   * Sets the permission bits of an account. On MySQL/MariaDB the `UPDATE`
   * fires `trg_accounts_count_update` and `trg_accounts_grams_update`, which
   * write nothing since neither the team nor the name changes (SQLite's fires
   * on `team_id` only) (src/queries/triggers.*.sql).
   *
   * @returns false when it does not exist.
   */
  @GenerateSql({ params: [S.ACCOUNT, 3] })
  async setPermissions(id: string, permissions: number): Promise<boolean> {
    const result = await this.transactions.manager.update(AccountEntity, { id: toStoredAccountId(id) }, { permissions });
    return !!result.affected;
  }

  /**
   * Deletes the account; its sessions and awardee rows go by foreign-key
   * cascade. Fires `trg_accounts_count_delete` (its team's row of
   * `account_counts` loses one) and, on MySQL/MariaDB,
   * `trg_accounts_grams_delete` (its grams leave `account_name_grams` and
   * `name_gram_counts`) (src/queries/triggers.*.sql).
   */
  @GenerateSql({ params: [S.ACCOUNT] })
  async delete(id: string): Promise<void> {
    await this.transactions.manager.delete(AccountEntity, { id: toStoredAccountId(id) });
  }
}

/** The entity of a stored row. */
function toEntity(row: AccountColumns): AccountEntity {
  return Object.assign(new AccountEntity(), {
    id: fromStoredAccountId(row.id),
    name: row.name,
    discriminator: row.discriminator,
    avatarUrl: row.avatar_url,
    teamId: row.team_id === null ? null : row.team_id,
    permissions: row.permissions,
    createdAt: row.created_at,
  });
}
