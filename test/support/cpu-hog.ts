import { TestProcess } from './child-process.js';

/**
 * Starts a busy loop in a process of its own (`node -e`), taking a core for
 * as long as it runs: the CPU contention under which timing guarantees must
 * still hold. Stop it with its handle (kept by `Processes.keep` to be killed
 * after the block).
 */
export function startCpuHog(name = 'cpu-hog'): Promise<TestProcess> {
  return TestProcess.start(name, process.execPath, ['-e', "console.log('busy'); for (;;) {}"], { ready: 'busy' });
}
