import { Injectable } from '@nestjs/common';

import type { AccountEntity } from '../../accounts/account.entity.js';
import { AccountsService } from '../../accounts/accounts.service.js';
import { Clock } from '../../clock/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { generateToken, hashToken, tokenMatches } from '../token.js';
import type { SessionEntity } from './session.entity.js';
import { SessionsRepository } from './sessions.repository.js';

/** The Session object of docs/api.md#objects. */
export interface SessionResource {
  username: string;
  password: string;
  expires_at: number;
}

/** User sessions (docs/api.md#authentication): last `SESSION_MAX_AGE`, removed when found expired. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly accounts: AccountsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Opens a session for `accountId` inside the current transaction. @returns the Session object (token shown once). */
  async create(accountId: string): Promise<SessionResource> {
    const token = generateToken();
    const now = this.clock.nowSeconds();
    const session = await this.repository.insert({
      accountId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + this.config.sessionMaxAgeMs / 1000,
    });
    return SessionsService.toResource(session, token);
  }

  /**
   * Replaces a session's token and restarts its lifetime; the old token stops
   * working at once (docs/api.md#authentication).
   */
  async resetToken(session: SessionEntity): Promise<SessionResource> {
    const token = generateToken();
    session.tokenHash = hashToken(token);
    session.expiresAt = this.clock.nowSeconds() + this.config.sessionMaxAgeMs / 1000;
    await this.repository.updateToken(session);
    return SessionsService.toResource(session, token);
  }

  /**
   * Checks a session credential: the session, then (token right, not expired)
   * its account from the accounts module. An expired session is deleted.
   *
   * @returns the session and its account, or `undefined` when unknown, wrong or expired.
   */
  async authenticate(id: number, token: string): Promise<{ session: SessionEntity; account: AccountEntity } | undefined> {
    const session = await this.repository.find(id);
    if (!session || !tokenMatches(token, session.tokenHash)) return undefined;
    if (session.expiresAt <= this.clock.nowSeconds()) {
      await this.repository.delete(id);
      return undefined;
    }
    // Deleting an account deletes its sessions (foreign key): one gone in between is an unknown session.
    const account = await this.accounts.find(session.accountId);
    return account ? { session, account } : undefined;
  }

  /** Deletes every expired session. @returns how many were deleted. */
  async prune(): Promise<number> {
    return this.repository.deleteExpired(this.clock.nowSeconds());
  }

  private static toResource(session: SessionEntity, token: string): SessionResource {
    return { username: `S${session.id}`, password: token, expires_at: session.expiresAt };
  }
}
