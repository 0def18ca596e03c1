import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const TRICKLE_PIECES = 10;

/** A user as the provider describes it (docs/api.md#identity-provider); ids are JSON strings, as real providers send them. */
export interface FakeIdpUser {
  id: string;
  username: string;
  discriminator: string;
  avatar: string | null;
}

/**
 * How the fake provider answers one token:
 * - `body`: an object (sent as JSON) or a raw string;
 * - `delayMs`: wait before sending anything;
 * - `trickleMs`: send the headers and a first piece of the body at once, the
 *   rest in small pieces spread over `trickleMs` (no pause as long as a whole
 *   `IDP_TIMEOUT_MS`: only a deadline on the whole exchange catches it).
 */
export interface FakeIdpAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  trickleMs?: number;
}

/** A request the fake provider received. */
export interface FakeIdpRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

/**
 * A local stand-in for the identity provider's `GET /api/oauth2/@me`
 * (docs/api.md#identity-provider), started by the tests. Tokens are registered with the answer
 * they get; any other token gets the provider's 401.
 */
export class FakeIdp {
  /** Every request received, in order. */
  readonly requests: FakeIdpRequest[] = [];
  private readonly answers = new Map<string, FakeIdpAnswer>();
  private tokenCount = 0;

  private constructor(
    private readonly server: Server,
    /** Base URL to use as `IDP_API_URL`. */
    readonly apiUrl: string,
  ) {}

  /** Starts the fake provider on a random local port. */
  static async start(): Promise<FakeIdp> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeIdp(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    server.on('request', (request, response) => fake.handle(request, response));
    return fake;
  }

  /** A local URL on which nothing listens: connections to it are refused. */
  static async closedUrl(): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    return `http://127.0.0.1:${port}/api`;
  }

  /** The 200 answer for a token holding `scopes` (default: identify only). */
  static userAnswer(user: FakeIdpUser, scopes: string[] = ['identify']): FakeIdpAnswer {
    return { status: 200, body: { scopes, user, application: { id: '1', name: 'test' }, expires: '2100-01-01T00:00:00+00:00' } };
  }

  /** Registers a new token answered with `answer`. @returns the token. */
  token(answer: FakeIdpAnswer): string {
    const token = `fake-token-${++this.tokenCount}-${Math.random().toString(36).slice(2)}`;
    this.answers.set(token, answer);
    return token;
  }

  /** Registers a new valid token (identify scope) for `user`. @returns the token. */
  tokenFor(user: FakeIdpUser, scopes?: string[]): string {
    return this.token(FakeIdp.userAnswer(user, scopes));
  }

  /** Requests that carried `token`. */
  requestsWith(token: string): FakeIdpRequest[] {
    return this.requests.filter((request) => request.authorization === `Bearer ${token}`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const authorization = request.headers.authorization;
    this.requests.push({ method: request.method ?? '', path: request.url ?? '', authorization });
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const known =
      request.method === 'GET' && request.url === '/api/oauth2/@me' && token !== undefined ? this.answers.get(token) : undefined;
    const answer: FakeIdpAnswer = known ?? { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    // The service may have given up (timeout) and closed the connection meanwhile.
    response.on('error', () => undefined);
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      if (answer.trickleMs === undefined) {
        response.end(text);
        return;
      }
      // Ten pieces, each well within any idle timeout, the last one after `trickleMs`.
      const size = Math.ceil(text.length / TRICKLE_PIECES);
      response.write(text.slice(0, size));
      for (let piece = 1; piece <= TRICKLE_PIECES; piece++) {
        const chunk = text.slice(piece * size, (piece + 1) * size);
        const last = piece === TRICKLE_PIECES;
        setTimeout(
          () => response.destroyed || (last ? response.end(chunk) : response.write(chunk)),
          (answer.trickleMs * piece) / TRICKLE_PIECES,
        ).unref();
      }
    };
    if (answer.delayMs === undefined) send();
    else setTimeout(send, answer.delayMs).unref();
  }
}
