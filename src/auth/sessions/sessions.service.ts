import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, LessThanOrEqual } from 'typeorm';

import { AccountEntity } from '../../accounts/account.entity.js';
import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { generateToken, hashToken, tokenMatches } from '../token.js';
import { SessionEntity } from './session.entity.js';

/** The Session object of contract §2. */
export interface SessionResource {
  username: string;
  password: string;
  expires_at: number;
}

/** User sessions (contract §4): last `SESSION_MAX_AGE`, removed when found expired. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
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
    const session = await this.dataSource.manager
      .createQueryBuilder(SessionEntity, 's')
      .innerJoinAndMapOne('s.account', AccountEntity, 'a', 'a.id = s.account_id')
      .where('s.id = :id', { id })
      .getOne();
    if (!session || !tokenMatches(token, session.tokenHash)) return undefined;
    if (session.expiresAt <= this.clock.nowSeconds()) {
      await this.dataSource.manager.delete(SessionEntity, { id });
      return undefined;
    }
    const { account } = session as SessionEntity & { account: AccountEntity };
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
