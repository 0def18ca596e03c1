import type { Command } from 'commander';
import { DataSource } from 'typeorm';

import { runMigrations } from '../database/migration-runner.js';
import type { CliLog } from './cli-logger.js';
import type { CliServices } from './cli-services.js';
import { commandGroup, subcommand } from './command-tree.js';

/**
 * `migrations run`: applies pending migrations (docs/api.md#operating) and reports them in the CLI's log format
 * (`Applied: ...`, or a JSON line with `migrations` under `LOG_FORMAT=json`); the CLI opens its context without
 * migrating for it.
 */
export function migrationsCommand(services: CliServices, log: CliLog): Command {
  const migrations = commandGroup('migrations', 'Database migrations');
  subcommand(migrations, 'run', 'Apply pending migrations').action(async () => {
    const applied = await runMigrations(await services.get(DataSource));
    log.report('Migrations', applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.', { migrations: applied });
  });
  return migrations;
}
