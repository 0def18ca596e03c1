import 'reflect-metadata';

import { CommandFactory } from 'nest-commander';

import { CliModule } from './cli.module.js';

/** Operator CLI entrypoint: `node dist/cli.js <command>` (docs/api.md#operating). */
async function main(): Promise<void> {
  await CommandFactory.run(CliModule.forRoot({ migrate: process.argv[2] !== 'migrations' }), {
    logger: ['error'],
    cliName: 'cli',
    errorHandler: (error) => {
      const { exitCode, code } = error as { exitCode?: number; code?: string };
      if (exitCode === 0) process.exit(0);
      // Commander has already printed its own usage errors.
      if (!code?.startsWith('commander.')) console.error(error.message);
      process.exit(1);
    },
    serviceErrorHandler: (error) => {
      console.error(`Error: ${error.message}`);
      process.exit(1);
    },
  });
}

void main();
