import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';

import { Authenticated, Public } from '../auth/authenticated.decorator.js';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import type { Principal } from '../auth/principal.js';
import { AccountIdPipe } from '../http/id-param.pipe.js';
import type { Page } from '../http/pagination.js';
import { Permission } from '../permissions/permission.js';
import type { AccountResource } from '../serialization/resources.js';
import { AccountsService } from './accounts.service.js';
import { CreateAccountDto } from './dto/create-account.dto.js';
import { SearchAccountsQuery } from './dto/search-accounts.query.js';
import { UpdateAccountDto } from './dto/update-account.dto.js';

const AccountId = () => Param('account', AccountIdPipe);

/** Account endpoints of interface §4.1 (`/acounts/new` and its `/accounts/new` alias, contract §1). */
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get('accounts/signups')
  @Public()
  signups(): { signups_open: boolean } {
    return { signups_open: this.accounts.signupsOpen() };
  }

  @Post(['acounts/new', 'accounts/new'])
  @HttpCode(201)
  @Authenticated({ permission: Permission.ManageAccountDetails })
  create(@Body() body: CreateAccountDto, @CurrentPrincipal() caller: Principal): Promise<AccountResource> {
    return this.accounts.create(caller, body);
  }

  @Get('accounts/search')
  @Public()
  search(@Query() query: SearchAccountsQuery): Promise<Page<AccountResource>> {
    return this.accounts.search(query);
  }

  @Get('account/:account')
  @Public()
  get(@AccountId() id: string): Promise<AccountResource> {
    return this.accounts.get(id);
  }

  /** Public at the route: `idp_token` alone needs no credentials; other fields are checked per field. */
  @Patch('account/:account')
  @Public()
  update(@AccountId() id: string, @Body() body: UpdateAccountDto, @CurrentPrincipal() caller: Principal | undefined): Promise<AccountResource> {
    return this.accounts.update(caller, id, body);
  }

  @Delete('account/:account')
  @HttpCode(204)
  @Authenticated()
  async delete(@AccountId() id: string, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.accounts.delete(caller, id);
  }
}
