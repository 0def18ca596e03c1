import { Injectable } from '@nestjs/common';

import { AccountsService } from '../accounts/accounts.service.js';
import { Transactions } from '../database/transactions.js';
import type { AccountResource } from '../read-model/resources.js';
import { type AppResource, AppsService } from './apps/apps.service.js';
import type { Credential } from './credential.js';
import { type SessionResource, SessionsService } from './sessions/sessions.service.js';

/** Sessions and tokens over HTTP (docs/api.md#routes-auth, docs/api.md#authentication). */
@Injectable()
export class AuthService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly apps: AppsService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Opens a session for an existing account (an app with `authenticate_users`).
   * @throws InvalidInputError (HTTP 422 at `account`) when the account does not exist.
   */
  async createSession(accountId: string): Promise<SessionResource> {
    return this.transactions.run(async () => {
      await this.accounts.require(accountId, true);
      return this.sessions.create(accountId);
    });
  }

  /** Replaces the token that authenticated the request: an App object with its new token, or a new Session. */
  async resetToken(credential: Credential): Promise<AppResource | SessionResource> {
    if (credential.kind === 'app') return AppsService.toResource(credential.app, await this.apps.resetToken(credential.app));
    return this.sessions.resetToken(credential.session);
  }

  /** Who the token belongs to: an App object without token, or an Account object. */
  async me(credential: Credential): Promise<AppResource | AccountResource> {
    if (credential.kind === 'app') return AppsService.toResource(credential.app);
    return this.accounts.serialize(credential.account);
  }
}
