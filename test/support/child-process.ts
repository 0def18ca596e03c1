import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A process the tests started (worker, Redis, CLI), with its output kept for
 * failure messages. Only this handle stops it: by its own pid, never by name.
 */
export class TestProcess {
  output = '';
  readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /**
   * Spawns `command` and waits until its output contains `ready`.
   * @throws Error when it exits first or `timeoutMs` passes.
   */
  static async start(
    name: string,
    command: string,
    args: string[],
    options: { env?: Record<string, string | undefined>; ready: string | RegExp; timeoutMs?: number },
  ): Promise<TestProcess> {
    const child = spawn(command, args, { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const started = new TestProcess(name, child);
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    let exited = false;
    void started.exited.then(() => (exited = true));
    while (!(typeof options.ready === 'string' ? started.output.includes(options.ready) : options.ready.test(started.output))) {
      if (exited || Date.now() > deadline) {
        started.child.kill('SIGKILL');
        throw new Error(`${name} did not start:\n${started.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return started;
  }

  /** Sends `signal` and waits for the exit. @returns the exit code (null when killed by a signal). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

/**
 * Runs a command to completion.
 * @returns its exit code and output.
 */
export async function runProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}
