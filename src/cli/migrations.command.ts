import { Command, CommandRunner, SubCommand } from 'nest-commander';
import { DataSource } from 'typeorm';

import { runMigrations } from '../database/migration-runner.js';

/** `migrations run`: applies pending migrations (docs/api.md#operating). */
@SubCommand({ name: 'run', description: 'Apply pending migrations' })
export class MigrationsRunCommand extends CommandRunner {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async run(): Promise<void> {
    const applied = await runMigrations(this.dataSource);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
  }
}

/** `migrations ...` */
@Command({ name: 'migrations', description: 'Database migrations', subCommands: [MigrationsRunCommand] })
export class MigrationsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
