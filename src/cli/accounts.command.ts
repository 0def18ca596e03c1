import type { Command } from 'commander';

import { parseAccountId } from '../common/account-id.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { ACCOUNT_PERMISSIONS } from '../permissions/permission.js';
import type { CliLog } from './cli-logger.js';
import type { CliServices } from './cli-services.js';
import { commandGroup, subcommand } from './command-tree.js';

/** `accounts superuser <account id>`: grants an account every permission it may hold (111). */
export function accountsCommand(services: CliServices, log: CliLog): Command {
  const accounts = commandGroup('accounts', 'Manage accounts');
  subcommand(accounts, 'superuser', 'Grant an account every permission', ['<accountId>']).action(async (raw: string) => {
    const id = parseAccountId(raw);
    if (id === undefined) throw new Error(`"${raw}" is not an account id.`);
    if (!(await (await services.get(AccountsService)).makeSuperuser(id))) throw new Error(`No account with id ${id}.`);
    log.print(`Account ${id} now holds every permission (${ACCOUNT_PERMISSIONS}).`);
  });
  return accounts;
}
