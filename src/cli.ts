import { PROCESS_OUTPUT } from './cli/cli-output.js';
import { runCli } from './cli/run-cli.js';
import { configEnvironment } from './config/config.module.js';

/**
 * Operator CLI entrypoint: `node dist/cli.js <command>` (docs/api.md#operating), configured by `.env` and the
 * environment. Usage errors are commander's (exit 1); a command's error prints `Error: <message>` (a JSON line with
 * `LOG_FORMAT=json`) and exits 1. The database is opened only when a command needs it. A write that fails (a pipe
 * closed early, as `| head` closes it, or a full disk) is dropped, as `console.log` drops it: the exit code is the
 * command's.
 */
async function main(): Promise<void> {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const code = await runCli(process.argv.slice(2), { env: configEnvironment(), output: PROCESS_OUTPUT });
  if (code !== 0) process.exit(code);
}

void main();
