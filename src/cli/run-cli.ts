import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { CommanderError } from 'commander';

import { loadAppConfig } from '../config/environment.js';
import { CliModule } from '../cli.module.js';
import { accountsCommand } from './accounts.command.js';
import { appsCommand } from './apps.command.js';
import { callbacksCommand } from './callbacks.command.js';
import { cliLog, cliLogSettings } from './cli-logger.js';
import type { CliOutput } from './cli-output.js';
import { CliServices } from './cli-services.js';
import { cliCommand, writeTreeTo } from './command-tree.js';
import { deliveriesCommand } from './deliveries.command.js';
import { migrationsCommand } from './migrations.command.js';
import { sessionsCommand } from './sessions.command.js';

/**
 * Runs one operator CLI command (docs/api.md#operating): `args` are the command line after the program
 * (`['apps', 'create', 'bot', '--json']`), `env` the configuration variables (docs/api.md#operating: `DATABASE_URL`,
 * `LOG_FORMAT`, ...), read only when the command needs the database. Writes to `output` and returns the exit code:
 * 0 when the command succeeded or printed help; 1 for a usage error (commander's message) or a command's error
 * (`Error: <message>`, a JSON line with `LOG_FORMAT=json`). Never throws; the application context it opened is
 * closed before it returns.
 */
export async function runCli(
  args: readonly string[],
  { env, output }: { env: Record<string, string | undefined>; output: CliOutput },
): Promise<number> {
  const log = cliLog(cliLogSettings(env), output);
  const services = new CliServices(() =>
    NestFactory.createApplicationContext(CliModule.forRoot({ config: loadAppConfig(env), migrate: args[0] !== 'migrations' }), {
      logger: log.nest,
      abortOnError: false,
    }),
  );
  const program = cliCommand('cli');
  for (const command of [appsCommand, callbacksCommand, deliveriesCommand, accountsCommand, sessionsCommand, migrationsCommand])
    program.addCommand(command(services, log));
  writeTreeTo(program, output);
  try {
    await program.parseAsync(args, { from: 'user' });
    await services.close();
    return 0;
  } catch (error) {
    if (!(error instanceof CommanderError)) log.error((error as Error).message);
    await services.close().catch(() => undefined);
    return error instanceof CommanderError ? error.exitCode : 1;
  }
}
