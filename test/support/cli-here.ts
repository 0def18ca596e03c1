import type { CliOutput } from '../../src/cli/cli-output.js';
import { runCli } from '../../src/cli/run-cli.js';

/**
 * Runs an operator CLI command in this process (`runCli` of src/cli/run-cli.ts, what `node <dist>/cli.js ...args`
 * runs), configured by this process's environment with `env` over it, as that process would be. A command costs its
 * work here, not a Node process's start (about a second of CPU). The tests of the built binary itself (exit codes,
 * streams, `.env`) run it as a process (`runEntry('cli', ...)`).
 * @returns the exit code and what the command wrote to each stream.
 */
export async function cliHere(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const output: CliOutput = {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    outColumns: 79,
    errColumns: 79,
  };
  const code = await runCli(args, { env: { ...process.env, ...env }, output });
  return { code, stdout, stderr };
}
