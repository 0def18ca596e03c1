import type { Command } from 'commander';
import { DataSource } from 'typeorm';

import { runMigrations } from '../database/migration-runner.js';
import type { CliServices } from './cli-services.js';
import { commandGroup, subcommand } from './command-tree.js';

/** `migrations run`: applies pending migrations (docs/api.md#operating); the CLI opens its context without migrating for it. */
export function migrationsCommand(services: CliServices): Command {
  const migrations = commandGroup('migrations', 'Database migrations');
  subcommand(migrations, 'run', 'Apply pending migrations').action(async () => {
    const applied = await runMigrations(await services.get(DataSource));
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
  });
  return migrations;
}
