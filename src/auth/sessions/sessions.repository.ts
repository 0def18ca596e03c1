import { Injectable } from '@nestjs/common';
import { LessThanOrEqual } from 'typeorm';

import { fromStoredAccountId } from '../../common/account-id.js';
import { GenerateSql, SqlSample as S } from '../../database/generate-sql.decorator.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { Transactions } from '../../database/transactions.js';
import { SessionEntity } from './session.entity.js';

const SESSION_SQL = 'SELECT id, account_id, token_hash, created_at, expires_at FROM sessions WHERE id = ?';

/** A `sessions` row as stored (drivers give numbers as strings at times). */
interface SessionRow {
  id: number;
  account_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

/** Every statement on the `sessions` table. */
@Injectable()
export class SessionsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
  ) {}

  /** Inserts a session inside the current transaction. @returns it with its new id. */
  @GenerateSql({ params: [{ accountId: S.ACCOUNT, tokenHash: 'f'.repeat(64), createdAt: S.NOW, expiresAt: S.NOW + 86_400 }] })
  async insert(fields: Omit<SessionEntity, 'id'>): Promise<SessionEntity> {
    const manager = this.transactions.manager;
    const session = manager.create(SessionEntity, fields);
    await manager.insert(SessionEntity, session);
    return session;
  }

  /** Writes the token hash and expiry of `session`. */
  @GenerateSql({
    params: [{ id: S.SESSION, accountId: S.ACCOUNT, tokenHash: 'f'.repeat(64), createdAt: S.NOW, expiresAt: S.NOW + 86_400 }],
  })
  async updateToken(session: SessionEntity): Promise<void> {
    await this.transactions.manager.update(
      SessionEntity,
      { id: session.id },
      { tokenHash: session.tokenHash, expiresAt: session.expiresAt },
    );
  }

  /** The session for a credential check, as one prepared statement (it runs on every request a user makes). */
  @GenerateSql({ params: [S.SESSION] })
  async find(id: number): Promise<SessionEntity | undefined> {
    const [row] = await this.reads.select<SessionRow>(SESSION_SQL, [id]);
    if (!row) return undefined;
    return Object.assign(new SessionEntity(), {
      id: row.id,
      accountId: fromStoredAccountId(row.account_id),
      tokenHash: row.token_hash,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    });
  }

  @GenerateSql({ params: [S.SESSION] })
  async delete(id: number): Promise<void> {
    await this.transactions.manager.delete(SessionEntity, { id });
  }

  /** Deletes every session expired at `now` (Unix seconds). @returns how many. */
  @GenerateSql({ params: [S.NOW] })
  async deleteExpired(now: number): Promise<number> {
    const result = await this.transactions.manager.delete(SessionEntity, { expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }
}
