import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Authenticated, Public } from '../common/authenticated.decorator.js';
import { CurrentPrincipal } from '../common/current-principal.decorator.js';
import type { Principal } from '../common/principal.js';
import { AccountIdPipe } from '../common/account-id.pipe.js';
import type { Page } from '../http/pagination.js';
import { IdempotentWrite } from '../idempotency/idempotent-write.decorator.js';
import { ApiErrors, ApiSuccess } from '../openapi/api-responses.decorator.js';
import { AccountSchema } from '../read-model/schemas/account.schema.js';
import { AccountPageSchema } from '../read-model/schemas/account-page.schema.js';
import { SignupsSchema } from './dto/signups.schema.js';
import { Permission } from '../permissions/permission.js';
import type { AccountResource } from '../read-model/resources.js';
import { AccountsService } from './accounts.service.js';
import { CreateAccountDto } from './dto/create-account.dto.js';
import { SearchAccountsQuery } from './dto/search-accounts.query.js';
import { UpdateAccountDto } from './dto/update-account.dto.js';
import { ReplicaRead } from '../database/replicas/replica-read.decorator.js';

const AccountId = () => Param('account', AccountIdPipe);

/** Account endpoints of docs/api.md#routes-accounts (`/acounts/new` and its `/accounts/new` alias, docs/api.md#conventions). */
@ApiTags('accounts')
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @ApiOperation({
    summary: 'Whether signups are open',
    description: 'Public. Whether new accounts can be created (`POST /acounts/new`, or a first sign-in with `POST /auth/idp`).',
  })
  @ApiSuccess(200, SignupsSchema)
  @Get('accounts/signups')
  @ReplicaRead()
  @Public()
  signups(): { signups_open: boolean } {
    return { signups_open: this.accounts.signupsOpen() };
  }

  @ApiOperation({
    summary: 'Create an account',
    description:
      'Needs `manage_account_details` (and the grant rules for `permissions` other than 0). Registers an account under its identity-provider id (an unsigned 64-bit integer, as a number or a string), optionally in a team. 409 when the id is already registered; 403 while signups are closed; 422 for an unknown team or a bad field. `POST /accounts/new` is the same route.',
  })
  @ApiSuccess(201, AccountSchema)
  @ApiErrors([403, 409, 422], {
    403: 'Signups are closed, or the caller may not grant these permissions.',
    409: 'The id is already registered.',
  })
  @Post(['acounts/new', 'accounts/new'])
  @HttpCode(201)
  @IdempotentWrite()
  @Authenticated({ permission: Permission.ManageAccountDetails })
  create(@Body() body: CreateAccountDto, @CurrentPrincipal() caller: Principal): Promise<AccountResource> {
    return this.accounts.create(caller, body);
  }

  @ApiOperation({
    summary: 'Search accounts by name and team, a page at a time',
    description:
      'Public. Accounts whose name matches `q`, optionally only those of a `team` (`team=0`: accounts without a team), ordered by name then id, one page at a time (`page`, `per_page`).',
  })
  @ApiSuccess(200, AccountPageSchema)
  @ApiErrors([422])
  @Get('accounts/search')
  @ReplicaRead()
  @Public()
  search(@Query() query: SearchAccountsQuery): Promise<Page<AccountResource>> {
    return this.accounts.search(query);
  }

  @ApiOperation({
    summary: 'Get an account',
    description: 'Public. One account with its team and the awards it holds; 422 when it does not exist.',
  })
  @ApiSuccess(200, AccountSchema)
  @ApiErrors([422], { 422: 'Invalid id, or no such account.' })
  @Get('account/:account')
  @ReplicaRead()
  @Public()
  get(@AccountId() id: string): Promise<AccountResource> {
    return this.accounts.get(id);
  }

  /** Public at the route: `idp_token` alone needs no credentials; other fields are checked per field. */
  @ApiOperation({
    summary: 'Update an account; each field needs its own permission, idp_token alone needs no credentials',
    description:
      'Changes the fields given: `name`, `discriminator` and `avatar_url` need `manage_account_details`, `team` the team-membership rule, permission changes the grant rules; `idp_token` alone needs no credentials and refreshes the profile from the identity provider. A change of team sends an `account_team_update` event.',
  })
  @ApiSuccess(200, AccountSchema)
  @ApiErrors([403, 422, 502, 504], {
    403: 'Not allowed to change a field, or `idp_token` belongs to another account.',
    422: 'Invalid input, no such account or team, or `idp_token` invalid or without the identify scope.',
  })
  @Patch('account/:account')
  @Public()
  @IdempotentWrite()
  update(
    @AccountId() id: string,
    @Body() body: UpdateAccountDto,
    @CurrentPrincipal() caller: Principal | undefined,
  ): Promise<AccountResource> {
    return this.accounts.update(caller, id, body);
  }

  @ApiOperation({
    summary: 'Delete an account (needs manage_account_details, or being that account)',
    description:
      "Deletes the account and its award holdings; no event is sent. Needs `manage_account_details`, or the account's own session. 422 when it does not exist.",
  })
  @ApiSuccess(204)
  @ApiErrors([422], { 422: 'Invalid id, or no such account.' })
  @Delete('account/:account')
  @HttpCode(204)
  @Authenticated()
  async delete(@AccountId() id: string, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.accounts.delete(caller, id);
  }
}
