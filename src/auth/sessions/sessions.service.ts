import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, LessThanOrEqual } from 'typeorm';

import { fromStoredAccountId } from '../../common/account-id.js';
import { AccountEntity } from '../../accounts/account.entity.js';
import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { generateToken, hashToken, tokenMatches } from '../token.js';
import { SessionEntity } from './session.entity.js';

/** The Session object of contract §2. */
export interface SessionResource {
  username: string;
  password: string;
  expires_at: number;
}

/** A session joined with its account, as {@link SessionsService.authenticate} reads it. */
const SESSION_ACCOUNT_SQL =
  'SELECT s.id, s.account_id, s.token_hash, s.created_at, s.expires_at, a.name, a.discriminator, a.avatar_url, a.team_id, ' +
  'a.permissions, a.created_at AS account_created_at FROM sessions s INNER JOIN accounts a ON a.id = s.account_id WHERE s.id = ?';

/** A row of {@link SESSION_ACCOUNT_SQL} as the driver returns it. */
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

/** User sessions (contract §4): last `SESSION_MAX_AGE`, removed when found expired. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly reads: PreparedReads,
  ) {}

  /** Opens a session for `accountId` inside `manager`'s transaction. @returns the Session object (token shown once). */
  async create(manager: EntityManager, accountId: string): Promise<SessionResource> {
    const token = generateToken();
    const now = this.clock.nowSeconds();
    const session = manager.create(SessionEntity, {
      accountId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + this.config.sessionMaxAgeMs / 1000,
    });
    await manager.insert(SessionEntity, session);
    return SessionsService.toResource(session, token);
  }

  /**
   * Replaces a session's token and restarts its lifetime; the old token stops
   * working at once (contract §4).
   */
  async resetToken(session: SessionEntity): Promise<SessionResource> {
    const token = generateToken();
    session.tokenHash = hashToken(token);
    session.expiresAt = this.clock.nowSeconds() + this.config.sessionMaxAgeMs / 1000;
    await this.dataSource.manager.update(SessionEntity, { id: session.id }, { tokenHash: session.tokenHash, expiresAt: session.expiresAt });
    return SessionsService.toResource(session, token);
  }

  /**
   * Checks a session credential in one query (session joined with its account).
   * An expired session is deleted.
   *
   * @returns the session and its account, or `undefined` when unknown, wrong or expired.
   */
  async authenticate(id: number, token: string): Promise<{ session: SessionEntity; account: AccountEntity } | undefined> {
    // A prepared statement: this runs on every request a user makes.
    const [row] = await this.reads.select<SessionAccountRow>(SESSION_ACCOUNT_SQL, [id]);
    if (!row || !tokenMatches(token, row.token_hash)) return undefined;
    if (Number(row.expires_at) <= this.clock.nowSeconds()) {
      await this.dataSource.manager.delete(SessionEntity, { id });
      return undefined;
    }
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

  /** Deletes every expired session. @returns how many were deleted. */
  async prune(): Promise<number> {
    const result = await this.dataSource.manager.delete(SessionEntity, { expiresAt: LessThanOrEqual(this.clock.nowSeconds()) });
    return result.affected ?? 0;
  }

  private static toResource(session: SessionEntity, token: string): SessionResource {
    return { username: `S${session.id}`, password: token, expires_at: session.expiresAt };
  }
}
