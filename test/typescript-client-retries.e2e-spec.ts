import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  AccountsApiError,
  ConflictError,
  ConnectionError,
  createAccountsClient,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  unwrap,
  ValidationError,
  withStatus,
} from '../clients/typescript/src/index.js';
import { rejection } from './support/rejection.js';

/** One scripted answer: a status (JSON body `{"detail": ...}` unless given), or `drop` (the socket is destroyed), or `hang` (no answer). */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop' | 'hang';

/** What the stand-in service received: method, path, `Idempotency-Key`, body. */
interface Received {
  method: string;
  path: string;
  key: string | undefined;
  body: string;
}

/**
 * The service as the outside world may answer it (a proxy's 504, a dropped connection, a 429): a node:http
 * server answering each request with the next scripted answer, then 201 `{"id": 1, "name": "Red"}`.
 */
class ScriptedService {
  readonly received: Received[] = [];
  private answers: Answer[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<ScriptedService> {
    const service: ScriptedService = new ScriptedService(
      createServer((request, response) => {
        service.answer(request, response).catch(() => request.socket.destroy());
      }),
    );
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  script(...answers: Answer[]): void {
    this.answers = answers;
    this.received.length = 0;
  }

  get keys(): (string | undefined)[] {
    return this.received.map((request) => request.key);
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += chunk;
    const key = request.headers['idempotency-key'];
    this.received.push({ method: request.method!, path: request.url!, key: typeof key === 'string' ? key : undefined, body });
    const answer = this.answers.shift() ?? { status: 201, body: { id: 1, name: 'Red', created_at: 0, member_count: 0, awards: [] } };
    if (answer === 'drop') return void request.socket.destroy();
    if (answer === 'hang') return void this.hanging.add(response);
    const payload = JSON.stringify(answer.body ?? { detail: `answer ${answer.status}` });
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'x-request-id': `req-${this.received.length}`,
      ...answer.headers,
    });
    response.end(payload);
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.socket?.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  releaseHanging(): void {
    for (const response of this.hanging) response.socket?.destroy();
    this.hanging.clear();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The client's errors and retries against answers the real service gives rarely or never on demand. */
describe('TypeScript client against a scripted service', () => {
  let service: ScriptedService;
  beforeAll(async () => {
    service = await ScriptedService.start();
  });
  afterEach(() => service.releaseHanging());
  afterAll(async () => {
    await service?.close();
  });

  const client = (options: Parameters<typeof createAccountsClient>[0] extends infer O ? Omit<O, 'baseUrl'> : never = {}) =>
    createAccountsClient({ baseUrl: service.baseUrl, credentials: { username: 'A1', password: 'token' }, ...options });
  const createTeam = (c = client()) => c.POST('/teams/new', { body: { name: 'Red' } });

  describe('error classes', () => {
    it('429: RateLimitedError with retryAfter in seconds, status, requestId, headers and the key used', async () => {
      service.script({ status: 429, headers: { 'retry-after': '45', 'x-ratelimit-limit': '10' }, body: { detail: 'Too many requests.' } });
      const error = await rejection<RateLimitedError>(unwrap(createTeam()));
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toBeInstanceOf(AccountsApiError);
      expect(error).toMatchObject({
        name: 'RateLimitedError',
        status: 429,
        detail: 'Too many requests.',
        retryAfter: 45,
        requestId: 'req-1',
      });
      expect(error.headers.get('x-ratelimit-limit')).toBe('10');
      expect(error.idempotencyKey).toMatch(UUID);
      expect(error.idempotencyKey).toBe(service.keys[0]);
      // 45 s is past the 30 s the client waits: the answer is returned after one attempt.
      expect(service.received).toHaveLength(1);
    });

    it('503: ServiceUnavailableError with retryAfter, after the retries', async () => {
      const unavailable: Answer = {
        status: 503,
        headers: { 'retry-after': '0' },
        body: { detail: 'The database is unavailable; retry later.' },
      };
      service.script(unavailable, unavailable, unavailable);
      const error = await rejection<ServiceUnavailableError>(unwrap(createTeam()));
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ status: 503, retryAfter: 0, requestId: 'req-3', detail: 'The database is unavailable; retry later.' });
      expect(service.keys).toEqual([error.idempotencyKey, error.idempotencyKey, error.idempotencyKey]);
    });

    it('a GET carries no key: idempotencyKey is undefined; a 504 is an AccountsApiError', async () => {
      service.script({ status: 504, body: { detail: 'The identity provider did not answer in time.' } });
      const error = await rejection<AccountsApiError>(unwrap(client({ maxRetries: 0 }).GET('/auth/me')));
      expect(error.constructor).toBe(AccountsApiError);
      expect(error).toMatchObject({ status: 504, idempotencyKey: undefined, requestId: 'req-1' });
    });
  });

  describe('retries with the same Idempotency-Key', () => {
    it.each([408, 429, 503, 504])('after a %i, then answers the retry', async (status) => {
      service.script({ status, headers: { 'retry-after': '0' } });
      const created = await withStatus(createTeam());
      expect(created).toMatchObject({ status: 201, data: { name: 'Red' } });
      expect(service.received.map((request) => [request.method, request.path, request.body])).toEqual([
        ['POST', '/teams/new', '{"name":"Red"}'],
        ['POST', '/teams/new', '{"name":"Red"}'],
      ]);
      expect(service.keys[0]).toMatch(UUID);
      expect(service.keys[1]).toBe(service.keys[0]);
    });

    it('after a dropped connection (a network error), with the same body', async () => {
      service.script('drop', 'drop');
      expect(await unwrap(createTeam())).toMatchObject({ name: 'Red' });
      expect(service.received).toHaveLength(3);
      expect(new Set(service.keys).size).toBe(1);
      expect(new Set(service.received.map((request) => request.body))).toEqual(new Set(['{"name":"Red"}']));
    });

    it('after an attempt that outlasts `timeout`: the attempt is aborted and sent again', async () => {
      service.script('hang');
      expect(await unwrap(createTeam(client({ timeout: 300 })))).toMatchObject({ name: 'Red' });
      expect(service.received).toHaveLength(2);
      expect(service.keys[1]).toBe(service.keys[0]);
    });

    it('gives up after maxRetries: ConnectionError (a TypeError) with the key, timedOut for a timeout', async () => {
      service.script('drop', 'drop');
      const dropped = await rejection<ConnectionError>(createTeam(client({ maxRetries: 1 })));
      expect(dropped).toBeInstanceOf(ConnectionError);
      expect(dropped).toBeInstanceOf(TypeError);
      expect(dropped).toMatchObject({ timedOut: false, attempts: 2, idempotencyKey: service.keys[0] });
      expect(service.keys).toEqual([dropped.idempotencyKey, dropped.idempotencyKey]);

      service.script('hang', 'hang');
      const slow = await rejection<ConnectionError>(createTeam(client({ maxRetries: 1, timeout: 200 })));
      expect(slow).toMatchObject({ timedOut: true, attempts: 2, idempotencyKey: service.keys[0] });
      expect(slow.message).toContain('no answer within 200 ms after 2 attempt(s)');
    });

    it('maxRetries: 0 makes one attempt; maxRetries overrides retry.attempts', async () => {
      service.script({ status: 503, headers: { 'retry-after': '0' } }, { status: 503, headers: { 'retry-after': '0' } });
      await expect(unwrap(createTeam(client({ maxRetries: 0 })))).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(service.received).toHaveLength(1);

      const busy: Answer = { status: 503, headers: { 'retry-after': '0' } };
      service.script(busy, busy, busy, busy, busy);
      await expect(unwrap(createTeam(client({ maxRetries: 4, retry: { attempts: 2 } })))).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(service.received).toHaveLength(5);
    });

    it('honours Retry-After as an HTTP-date, and returns at once when it asks for longer than maxDelayMs', async () => {
      service.script({ status: 429, headers: { 'retry-after': new Date(Date.now() - 1000).toUTCString() } });
      expect(await unwrap(createTeam())).toMatchObject({ name: 'Red' });
      expect(service.received).toHaveLength(2);

      service.script({ status: 503, headers: { 'retry-after': '2' } });
      const error = await rejection<ServiceUnavailableError>(unwrap(createTeam(client({ retry: { maxDelayMs: 1000 } }))));
      expect(error).toMatchObject({ status: 503, retryAfter: 2 });
      expect(service.received).toHaveLength(1);
    });

    it('without a key, resends a write only after 408, 429 and 503 (nothing written), never after a 504 or a lost connection', async () => {
      const unkeyed = client({ idempotencyKeys: false });
      service.script({ status: 503, headers: { 'retry-after': '0' } });
      expect(await unwrap(createTeam(unkeyed))).toMatchObject({ name: 'Red' });
      expect(service.keys).toEqual([undefined, undefined]);

      service.script({ status: 504, body: { detail: 'The commit was interrupted.' } });
      const interrupted = await rejection<AccountsApiError>(unwrap(createTeam(unkeyed)));
      expect(interrupted).toMatchObject({ status: 504, idempotencyKey: undefined });
      expect(service.received).toHaveLength(1);

      service.script('drop');
      await expect(createTeam(unkeyed)).rejects.toMatchObject({ name: 'ConnectionError', attempts: 1, idempotencyKey: undefined });
      expect(service.received).toHaveLength(1);

      // A read is always safe to resend.
      service.script('drop', { status: 504 });
      await unwrap(unkeyed.GET('/teams/search', { params: { query: {} } })).catch(() => undefined);
      expect(service.received.map((request) => request.method)).toEqual(['GET', 'GET', 'GET']);
    });

    it("the caller's own abort is not retried", async () => {
      service.script('hang');
      const controller = new AbortController();
      const call = client().POST('/teams/new', { body: { name: 'Red' }, signal: controller.signal });
      await expect.poll(() => service.received.length).toBe(1);
      controller.abort(new Error('cancelled by the app'));
      await expect(call).rejects.toThrow('cancelled by the app');
      expect(service.received).toHaveLength(1);
    });

    it('keeps a key of your own across the retries and on the error', async () => {
      service.script({ status: 409, body: { detail: 'A request with this Idempotency-Key is still being handled.' } });
      const error = await rejection<ConflictError>(
        unwrap(client().POST('/teams/new', { body: { name: 'Red' }, params: { header: { 'Idempotency-Key': 'my-key-1' } } })),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ status: 409, idempotencyKey: 'my-key-1' });
      expect(service.keys).toEqual(['my-key-1']);
      expect(error).not.toBeInstanceOf(NotFoundError);
      expect(error).not.toBeInstanceOf(ValidationError);
    });
  });
});
