import { TestProcess } from './child-process.js';

/** The receiver's program: answers every request 200 once its body is read and prints `<path> <arrival ms>` for it. */
const RECORDER = `
const server = require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    process.stdout.write('arrived ' + request.url + ' ' + Date.now() + '\\n');
    response.end('ok');
  });
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
`;

/** A receiver of its own process (see {@link startArrivalRecorder}). */
export interface ArrivalRecorder {
  readonly process: TestProcess;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** When each request to `path` arrived (its body read), by the recorder's clock (milliseconds since the UNIX epoch), in order. */
  arrivals(path: string): number[];
  /** Waits until `path` has received `count` requests. @returns their arrivals. @throws Error after `timeoutMs`. */
  waitFor(path: string, count: number, timeoutMs: number): Promise<number[]>;
}

/**
 * Starts a callback receiver in a process of its own, which does nothing but
 * answer and note arrival times: what it records is not delayed by the
 * test's own work (or an embedded API's) on one event loop, as a real
 * receiver's clock is not. Stop it with its `process` (kept by
 * `Processes.keep` to be killed after the block).
 */
export async function startArrivalRecorder(): Promise<ArrivalRecorder> {
  const started = await TestProcess.start('arrival-recorder', process.execPath, ['-e', RECORDER], { ready: /listening \d+/ });
  const port = Number(/listening (\d+)/.exec(started.output)![1]);
  const arrivals = (path: string): number[] =>
    [...started.output.matchAll(/^arrived (\S+) (\d+)$/gm)].filter((match) => match[1] === path).map((match) => Number(match[2]));
  return {
    process: started,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    arrivals,
    async waitFor(path, count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (arrivals(path).length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} request(s) to ${path}, got ${arrivals(path).length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return arrivals(path);
    },
  };
}
