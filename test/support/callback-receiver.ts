import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
        const answer = receiver.scripts.get(path)?.shift() ?? { status: 200 };
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          response.end(answer.body ?? 'ok');
        }, answer.delayMs ?? 0);
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
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
