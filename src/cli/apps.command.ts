import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';

import { AppsService, type AppResource } from '../auth/apps/apps.service.js';
import type { AppEntity } from '../auth/apps/app.entity.js';
import { APP_PERMISSIONS, permissionNames } from '../permissions/permission.js';
import { parseAppName, parseIdArgument, parsePermissionList } from './command-options.js';

function describe(app: AppEntity): string {
  const names = permissionNames(app.permissions);
  return `A${app.id}\t${app.name}\tpermissions=${app.permissions}${names.length ? ` (${names.join(', ')})` : ''}`;
}

function printCredentials(resource: AppResource, json: boolean): void {
  if (json) console.log(JSON.stringify(resource));
  else console.log(`username: ${resource.username}\npassword: ${resource.password}\n(The password is shown only this once.)`);
}

/** `apps create <name> [--permissions a,b] [--all-permissions] [--json]` */
@SubCommand({ name: 'create', arguments: '<name>', description: 'Create an app and print its credentials' })
export class AppsCreateCommand extends CommandRunner {
  constructor(private readonly apps: AppsService) {
    super();
  }

  async run([name]: string[], options: { permissions?: number; allPermissions?: boolean; json?: boolean }): Promise<void> {
    const permissions = options.allPermissions ? APP_PERMISSIONS : (options.permissions ?? 0);
    const { app, token } = await this.apps.create(parseAppName(name), permissions);
    printCredentials(AppsService.toResource(app, token), options.json ?? false);
  }

  @Option({ flags: '--permissions <names>', description: 'comma-separated permission names' })
  parsePermissions(value: string): number {
    return parsePermissionList(value);
  }

  @Option({ flags: '--all-permissions', description: 'every permission an app may hold (95)' })
  parseAllPermissions(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print {"name","permissions","username","password"}' })
  parseJson(): boolean {
    return true;
  }
}

/** `apps list` */
@SubCommand({ name: 'list', description: 'List apps' })
export class AppsListCommand extends CommandRunner {
  constructor(private readonly apps: AppsService) {
    super();
  }

  async run(): Promise<void> {
    for (const app of await this.apps.list()) console.log(describe(app));
  }
}

/** `apps view <id>` */
@SubCommand({ name: 'view', arguments: '<id>', description: 'Show one app' })
export class AppsViewCommand extends CommandRunner {
  constructor(private readonly apps: AppsService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    console.log(describe(await this.apps.get(parseIdArgument(id, 'id'))));
  }
}

/** `apps edit <id> [--grant a,b] [--revoke a,b] [--name n]` */
@SubCommand({ name: 'edit', arguments: '<id>', description: 'Rename an app or change its permissions' })
export class AppsEditCommand extends CommandRunner {
  constructor(private readonly apps: AppsService) {
    super();
  }

  async run([id]: string[], options: { grant?: number; revoke?: number; name?: string }): Promise<void> {
    console.log(describe(await this.apps.edit(parseIdArgument(id, 'id'), options)));
  }

  @Option({ flags: '--grant <names>', description: 'permissions to grant' })
  parseGrant(value: string): number {
    return parsePermissionList(value);
  }

  @Option({ flags: '--revoke <names>', description: 'permissions to revoke' })
  parseRevoke(value: string): number {
    return parsePermissionList(value);
  }

  @Option({ flags: '--name <name>', description: 'new name' })
  parseName(value: string): string {
    return parseAppName(value);
  }
}

/** `apps reset-token <id> [--json]` */
@SubCommand({ name: 'reset-token', arguments: '<id>', description: 'Replace an app token and print the new credentials' })
export class AppsResetTokenCommand extends CommandRunner {
  constructor(private readonly apps: AppsService) {
    super();
  }

  async run([id]: string[], options: { json?: boolean }): Promise<void> {
    const app = await this.apps.get(parseIdArgument(id, 'id'));
    printCredentials(AppsService.toResource(app, await this.apps.resetToken(app)), options.json ?? false);
  }

  @Option({ flags: '--json', description: 'print {"name","permissions","username","password"}' })
  parseJson(): boolean {
    return true;
  }
}

/** `apps delete <id>` */
@SubCommand({ name: 'delete', arguments: '<id>', description: 'Delete an app and its callbacks' })
export class AppsDeleteCommand extends CommandRunner {
  constructor(private readonly apps: AppsService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    const appId = parseIdArgument(id, 'id');
    await this.apps.delete(appId);
    console.log(`Deleted app A${appId}.`);
  }
}

/** `apps ...`: operator management of apps (docs/api.md#authentication: never over HTTP). */
@Command({
  name: 'apps',
  description: 'Manage apps',
  subCommands: [AppsCreateCommand, AppsListCommand, AppsViewCommand, AppsEditCommand, AppsResetTokenCommand, AppsDeleteCommand],
})
export class AppsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}

/** Every class of the `apps` command tree, for the CLI module's providers. */
export const APPS_COMMANDS = [
  AppsCommand,
  AppsCreateCommand,
  AppsListCommand,
  AppsViewCommand,
  AppsEditCommand,
  AppsResetTokenCommand,
  AppsDeleteCommand,
];
