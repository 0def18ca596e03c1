import { Injectable } from '@nestjs/common';

import { ConflictError, ForbiddenError, InvalidCredentialsError } from '../errors/domain-errors.js';

import { AccountsService } from '../accounts/accounts.service.js';
import { Transactions } from '../database/transactions.js';
import { IdpClient } from '../idp/idp.client.js';
import type { IdpUser } from '../idp/idp-user.js';
import { type SessionResource, SessionsService } from './sessions/sessions.service.js';

/** Sign-in with an identity-provider token (docs/api.md#routes-auth `POST /auth/idp`, docs/api.md#identity-provider). */
@Injectable()
export class IdpSignInService {
  constructor(
    private readonly transactions: Transactions,
    private readonly idp: IdpClient,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Asks the provider who `token` belongs to (outside any transaction), then,
   * in one transaction, creates the account from the provider's data when it is
   * unknown and signups are open, and opens a session. A known account is left
   * as it is (`PATCH /account/{account}` with `idp_token` refreshes it).
   *
   * @returns a new Session (docs/api.md#objects).
   * @throws InvalidCredentialsError (HTTP 401) the token is invalid or lacks the identify scope;
   *   ForbiddenError (403) unknown account while signups are closed;
   *   UpstreamTimeoutError (504) / UpstreamFailedError (502) provider failure.
   */
  async signIn(token: string): Promise<SessionResource> {
    const user = await this.idp.fetchUser(token);
    if (!user) throw new InvalidCredentialsError('The identity-provider token is invalid or lacks the identify scope.');
    try {
      return await this.transactions.run(() => this.openSession(user));
    } catch (error) {
      // A concurrent first sign-in of the same user created the account first: it is known now.
      if (error instanceof ConflictError) return this.transactions.run(() => this.openSession(user));
      throw error;
    }
  }

  private async openSession(user: IdpUser): Promise<SessionResource> {
    // The lock keeps a known account from being deleted before its session is inserted.
    if (!(await this.accounts.lockIfExists(user.id))) {
      if (!this.accounts.signupsOpen()) throw new ForbiddenError('Signups are closed: no account exists for this user.');
      await this.accounts.insert({
        id: user.id,
        name: user.name,
        discriminator: user.discriminator,
        avatarUrl: user.avatarUrl,
        teamId: null,
        permissions: 0,
      });
    }
    return this.sessions.create(user.id);
  }
}
