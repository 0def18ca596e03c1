import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { accountsCommand } from './cli/accounts.command.js';
import { appsCommand } from './cli/apps.command.js';
import { callbacksCommand } from './cli/callbacks.command.js';
import { cliLog, cliLogSettings } from './cli/cli-logger.js';
import { CliServices } from './cli/cli-services.js';
import { cliCommand } from './cli/command-tree.js';
import { deliveriesCommand } from './cli/deliveries.command.js';
import { migrationsCommand } from './cli/migrations.command.js';
import { sessionsCommand } from './cli/sessions.command.js';
import { CliModule } from './cli.module.js';

/**
 * Operator CLI entrypoint: `node dist/cli.js <command>` (docs/api.md#operating). Usage
 * errors are commander's (exit 1); a command's error prints `Error: <message>`
 * (a JSON line with `LOG_FORMAT=json`) and exits 1. The database is opened
 * only when a command needs it.
 */
async function main(): Promise<void> {
  const log = cliLog(cliLogSettings());
  const services = new CliServices(() =>
    NestFactory.createApplicationContext(CliModule.forRoot({ migrate: process.argv[2] !== 'migrations' }), {
      logger: log.nest,
      abortOnError: false,
    }),
  );
  const program = cliCommand('cli');
  for (const command of [appsCommand, callbacksCommand, deliveriesCommand, accountsCommand, sessionsCommand, migrationsCommand])
    program.addCommand(command(services, log));
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    log.error((error as Error).message);
    await services.close().catch(() => undefined);
    process.exit(1);
  }
  await services.close();
}

void main();
