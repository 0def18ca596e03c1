import { Command, CommandRunner, SubCommand } from 'nest-commander';

import { parseAccountId } from '../common/account-id.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { ACCOUNT_PERMISSIONS } from '../permissions/permission.js';

/** `accounts superuser <account id>`: grants every permission an account may hold (111). */
@SubCommand({ name: 'superuser', arguments: '<accountId>', description: 'Grant an account every permission' })
export class AccountsSuperuserCommand extends CommandRunner {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async run([raw]: string[]): Promise<void> {
    const id = parseAccountId(raw);
    if (id === undefined) throw new Error(`"${raw}" is not an account id.`);
    if (!(await this.accounts.makeSuperuser(id))) throw new Error(`No account with id ${id}.`);
    console.log(`Account ${id} now holds every permission (${ACCOUNT_PERMISSIONS}).`);
  }
}

/** `accounts ...` */
@Command({ name: 'accounts', description: 'Manage accounts', subCommands: [AccountsSuperuserCommand] })
export class AccountsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
