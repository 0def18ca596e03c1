import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach } from 'vitest';

import { standIn } from './stand-in.js';

/** One request a {@link CallbackReceiver} received. */
export interface ReceivedCallback {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds since the UNIX epoch. */
  at: number;
}

/** How the receiver answers one request: a status, optional headers, body (default `ok`) and delay before answering. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

/**
 * A local HTTP server standing in for apps' callback endpoints (the outside
 * world of docs/api.md#events): records every request and answers each path from a
 * script (200 once the script is used up).
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  private readonly scripts = new Map<string, ScriptedAnswer[]>();
  /** Paths whose requests get no answer until {@link answerHanging}, with the answers held back. */
  private readonly hanging = new Map<string, (() => void)[]>();
  private readonly open = new Map<string, number>();
  private readonly mostOpen = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<CallbackReceiver> {
    const server = createServer();
    const receiver = new CallbackReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        receiver.received.push({
          method: request.method ?? '',
          path,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        const open = (receiver.open.get(path) ?? 0) + 1;
        receiver.open.set(path, open);
        receiver.mostOpen.set(path, Math.max(open, receiver.mostOpen.get(path) ?? 0));
        response.on('close', () => receiver.open.set(path, (receiver.open.get(path) ?? 1) - 1));
        const answer = receiver.scripts.get(path)?.shift() ?? { status: 200 };
        const send = () => {
          if (response.destroyed) return;
          response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          response.end(answer.body ?? 'ok');
        };
        const held = receiver.hanging.get(path);
        if (held) held.push(send);
        else setTimeout(send, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Answers the next requests to `path` with `answers`, in order. */
  script(path: string, ...answers: ScriptedAnswer[]): void {
    this.scripts.set(path, [...(this.scripts.get(path) ?? []), ...answers]);
  }

  /** Leaves the requests to `path` unanswered (the client's timeout ends them) until {@link answerHanging}. */
  hang(path: string): void {
    if (!this.hanging.has(path)) this.hanging.set(path, []);
  }

  /** Answers the requests held on `path` that are still open, and answers the next ones at once. */
  answerHanging(path: string): void {
    const held = this.hanging.get(path) ?? [];
    this.hanging.delete(path);
    for (const send of held) send();
  }

  /** The most requests to `path` that were open at the same time. */
  mostOpenAtOnce(path: string): number {
    return this.mostOpen.get(path) ?? 0;
  }

  /** The requests received on `path`. */
  requestsTo(path: string): ReceivedCallback[] {
    return this.received.filter((request) => request.path === path);
  }

  /**
   * Waits until `path` has received `count` requests.
   * @throws Error after `timeoutMs` with what was received.
   */
  async waitFor(path: string, count: number, timeoutMs = 15_000): Promise<ReceivedCallback[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requestsTo(path).length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} request(s) to ${path}, got ${this.requestsTo(path).length}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.requestsTo(path);
  }

  /** Forgets received requests and scripts. */
  reset(): void {
    this.received.length = 0;
    this.scripts.clear();
    for (const path of [...this.hanging.keys()]) this.answerHanging(path);
    this.mostOpen.clear();
  }

  async close(): Promise<void> {
    this.hanging.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Registers the hooks that start a {@link CallbackReceiver} for the tests of the enclosing describe block,
 * reset it before each test and close it after them (after the app of a `useTestApp` registered later).
 * @returns a stand-in that reaches the running receiver.
 */
export function useCallbackReceiver(): CallbackReceiver {
  let receiver: CallbackReceiver | undefined;
  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    receiver = undefined;
  });
  beforeEach(() => receiver!.reset());
  return standIn(() => receiver, 'useCallbackReceiver: the receiver is used outside the hooks and tests of its describe block');
}
