import { ForbiddenException, Injectable } from '@nestjs/common';

import { UnprocessableEntityError } from '../http/validation-error.js';
import { IdpClient } from '../idp/idp.client.js';
import { AccountsService, type ProfileChanges } from './accounts.service.js';

/**
 * The `idp_token` field of `PATCH /account/{account}` (docs/api.md#routes-accounts, docs/api.md#identity-provider):
 * the token is the credential for that field and refreshes the account's
 * name, discriminator and avatar URL from the identity provider.
 */
@Injectable()
export class IdpProfileService {
  constructor(
    private readonly idp: IdpClient,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * Fetches the profile `token` gives for account `accountId`, before the
   * update's transaction (nothing is written here). Checks, in order: the
   * account exists (the provider is not asked otherwise), the token is valid
   * with the identify scope, and it belongs to this account.
   *
   * @returns the changes to apply before the body's own fields.
   * @throws UnprocessableEntityError (422) unknown account, or token invalid or without identify;
   *   ForbiddenException (403) the token belongs to another account;
   *   GatewayTimeoutException (504) / BadGatewayException (502) provider failure.
   */
  async fetch(accountId: string, token: string): Promise<ProfileChanges> {
    if (!(await this.accounts.find(accountId))) throw UnprocessableEntityError.notFound(['path', 'account'], 'Account');
    const user = await this.idp.fetchUser(token);
    if (!user) {
      throw UnprocessableEntityError.single(
        ['body', 'idp_token'],
        'The identity-provider token is invalid or lacks the identify scope.',
        'value_error.idp_token',
      );
    }
    if (user.id !== accountId) throw new ForbiddenException('This identity-provider token belongs to another account.');
    return { name: user.name, discriminator: user.discriminator, avatar_url: user.avatarUrl };
  }
}
