import 'reflect-metadata';

import { CommandFactory } from 'nest-commander';

import { CliModule } from './cli.module.js';

/** Operator CLI entrypoint: `node dist/cli.js <command>` (contract §9). */
async function main(): Promise<void> {
  await CommandFactory.run(CliModule.forRoot({ migrate: process.argv[2] !== 'migrations' }), {
    logger: ['error'],
    cliName: 'cli',
    errorHandler: (error) => {
      if ((error as { exitCode?: number }).exitCode === 0) process.exit(0);
      console.error(error.message);
      process.exit(1);
    },
    serviceErrorHandler: (error) => {
      console.error(`Error: ${error.message}`);
      process.exit(1);
    },
  });
}

void main();
