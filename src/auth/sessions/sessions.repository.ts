import { Injectable } from '@nestjs/common';
import { type EntityManager, LessThanOrEqual } from 'typeorm';

import { AccountEntity } from '../../accounts/account.entity.js';
import { fromStoredAccountId } from '../../common/account-id.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { Transactions } from '../../database/transactions.js';
import { SessionEntity } from './session.entity.js';

const SESSION_ACCOUNT_SQL =
  'SELECT s.id, s.account_id, s.token_hash, s.created_at, s.expires_at, a.name, a.discriminator, a.avatar_url, a.team_id, ' +
  'a.permissions, a.created_at AS account_created_at FROM sessions s INNER JOIN accounts a ON a.id = s.account_id WHERE s.id = ?';

/** A session joined with its account, as the credential check reads it. */
interface SessionAccountRow {
  id: number | string;
  account_id: string;
  token_hash: string;
  created_at: number | string;
  expires_at: number | string;
  name: string;
  discriminator: string;
  avatar_url: string | null;
  team_id: number | string | null;
  permissions: number | string;
  account_created_at: number | string;
}

/** Every statement on the `sessions` table. */
@Injectable()
export class SessionsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
  ) {}

  /** Inserts a session inside `manager`'s transaction. @returns it with its new id. */
  async insert(manager: EntityManager, fields: Omit<SessionEntity, 'id'>): Promise<SessionEntity> {
    const session = manager.create(SessionEntity, fields);
    await manager.insert(SessionEntity, session);
    return session;
  }

  /** Writes the token hash and expiry of `session`. */
  async updateToken(session: SessionEntity): Promise<void> {
    await this.transactions.manager.update(
      SessionEntity,
      { id: session.id },
      { tokenHash: session.tokenHash, expiresAt: session.expiresAt },
    );
  }

  /**
   * The session with its account for a credential check, as one prepared
   * statement (it runs on every request a user makes).
   */
  async findWithAccount(id: number): Promise<{ session: SessionEntity; account: AccountEntity } | undefined> {
    const [row] = await this.reads.select<SessionAccountRow>(SESSION_ACCOUNT_SQL, [id]);
    if (!row) return undefined;
    const accountId = fromStoredAccountId(row.account_id);
    const session = Object.assign(new SessionEntity(), {
      id: Number(row.id),
      accountId,
      tokenHash: row.token_hash,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
    });
    const account = Object.assign(new AccountEntity(), {
      id: accountId,
      name: row.name,
      discriminator: row.discriminator,
      avatarUrl: row.avatar_url,
      teamId: row.team_id === null ? null : Number(row.team_id),
      permissions: Number(row.permissions),
      createdAt: Number(row.account_created_at),
    });
    return { session, account };
  }

  async delete(id: number): Promise<void> {
    await this.transactions.manager.delete(SessionEntity, { id });
  }

  /** Deletes every session expired at `now` (Unix seconds). @returns how many. */
  async deleteExpired(now: number): Promise<number> {
    const result = await this.transactions.manager.delete(SessionEntity, { expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }
}
