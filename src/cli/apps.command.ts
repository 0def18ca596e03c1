import type { Command } from 'commander';

import { AppsService, type AppResource } from '../auth/apps/apps.service.js';
import type { AppEntity } from '../auth/apps/app.entity.js';
import { APP_PERMISSIONS, permissionNames } from '../permissions/permission.js';
import type { CliLog } from './cli-logger.js';
import type { CliServices } from './cli-services.js';
import { parseAppName, parseIdArgument, parsePermissionList } from './command-options.js';
import { commandGroup, subcommand } from './command-tree.js';

function describe(app: AppEntity): string {
  const names = permissionNames(app.permissions);
  return `A${app.id}\t${app.name}\tpermissions=${app.permissions}${names.length ? ` (${names.join(', ')})` : ''}`;
}

function printCredentials(log: CliLog, resource: AppResource, json: boolean): void {
  if (json) log.print(JSON.stringify(resource));
  else log.print(`username: ${resource.username}\npassword: ${resource.password}\n(The password is shown only this once.)`);
}

const JSON_CREDENTIALS = 'print {"name","permissions","username","password"}';

/**
 * `apps create|list|view|edit|reset-token|delete`: operator management of apps
 * (docs/api.md#authentication: never over HTTP). Passwords are printed once, at create and reset-token.
 */
export function appsCommand(services: CliServices, log: CliLog): Command {
  const apps = commandGroup('apps', 'Manage apps');
  const service = () => services.get(AppsService);

  subcommand(apps, 'create', 'Create an app and print its credentials', ['<name>'])
    .option('--permissions <names>', 'comma-separated permission names', parsePermissionList)
    .option('--all-permissions', 'every permission an app may hold (95)')
    .option('--json', JSON_CREDENTIALS)
    .action(async (name: string, options: { permissions?: number; allPermissions?: boolean; json?: boolean }) => {
      const permissions = options.allPermissions ? APP_PERMISSIONS : (options.permissions ?? 0);
      const { app, token } = await (await service()).create(parseAppName(name), permissions);
      printCredentials(log, AppsService.toResource(app, token), options.json ?? false);
    });

  subcommand(apps, 'list', 'List apps').action(async () => {
    for (const app of await (await service()).list()) log.print(describe(app));
  });

  subcommand(apps, 'view', 'Show one app', ['<id>']).action(async (id: string) => {
    log.print(describe(await (await service()).get(parseIdArgument(id, 'id'))));
  });

  subcommand(apps, 'edit', 'Rename an app or change its permissions', ['<id>'])
    .option('--grant <names>', 'permissions to grant', parsePermissionList)
    .option('--revoke <names>', 'permissions to revoke', parsePermissionList)
    .option('--name <name>', 'new name', parseAppName)
    .action(async (id: string, options: { grant?: number; revoke?: number; name?: string }) => {
      log.print(describe(await (await service()).edit(parseIdArgument(id, 'id'), options)));
    });

  subcommand(apps, 'reset-token', 'Replace an app token and print the new credentials', ['<id>'])
    .option('--json', JSON_CREDENTIALS)
    .action(async (id: string, options: { json?: boolean }) => {
      const appsService = await service();
      const app = await appsService.get(parseIdArgument(id, 'id'));
      printCredentials(log, AppsService.toResource(app, await appsService.resetToken(app)), options.json ?? false);
    });

  subcommand(apps, 'delete', 'Delete an app and its callbacks', ['<id>']).action(async (id: string) => {
    const appId = parseIdArgument(id, 'id');
    await (await service()).delete(appId);
    log.print(`Deleted app A${appId}.`);
  });

  return apps;
}
