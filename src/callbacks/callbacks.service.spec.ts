import { beforeEach, describe, expect, it } from 'vitest';

import { FakeTransactions } from '../../test/support/fake-transactions.js';
import { domainRejection } from '../../test/support/rejection.js';
import type { Clock } from '../clock/clock.js';
import type { AppConfig } from '../config/app-config.js';
import type { EventsService } from '../events/events.service.js';
import { InvalidInputError, NotFoundError } from '../errors/domain-errors.js';
import type { CallbackEntity } from './callback.entity.js';
import type { CallbacksRepository } from './callbacks.repository.js';
import { CallbacksService } from './callbacks.service.js';
import type { PendingDeliveries } from './pending-deliveries.js';

/** The service's transactions; every transactional read and write must run inside one. */
const transactions = new FakeTransactions();
const EVENT = 'account_team_update';
/** The health fields of a callback that has not delivered anything yet (docs/api.md#delivery-log), without a rate limit. */
const HEALTHY = { disabled: false, disabled_at: null, failing_since: null, last_success_at: null, rate_limit: null };
/** The stored health and rotation columns of a new callback. */
const NEW_ROW = {
  rateLimit: null,
  disabledAt: null,
  failingSince: null,
  lastSuccessAt: null,
  previousSecrets: [],
  previousSecretsUntil: null,
};

/** The `callbacks` table in memory, one row per (app, event). */
class FakeCallbacksRepository implements Pick<CallbacksRepository, 'findLocked' | 'find' | 'list' | 'insert' | 'update' | 'deleteById'> {
  readonly rows: CallbackEntity[] = [];
  readonly calls: string[] = [];
  private nextId = 1;

  async findLocked(appId: number, event: string): Promise<CallbackEntity | null> {
    expect(transactions.active).toBe(true);
    this.calls.push(`findLocked ${appId} ${event}`);
    return this.find(appId, event);
  }

  async find(appId: number, event: string): Promise<CallbackEntity | null> {
    const row = this.rows.find((callback) => callback.appId === appId && callback.event === event);
    return row ? { ...row } : null;
  }

  async list(appId: number): Promise<CallbackEntity[]> {
    return this.rows.filter((callback) => callback.appId === appId).map((callback) => ({ ...callback }));
  }

  async insert(fields: Omit<CallbackEntity, 'id'>): Promise<CallbackEntity> {
    expect(transactions.active).toBe(true);
    const callback = { id: this.nextId++, ...fields };
    this.calls.push(`insert ${callback.id}`);
    this.rows.push({ ...callback });
    return callback;
  }

  async update(callback: CallbackEntity): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`update ${callback.id}`);
    const row = this.rows.find((existing) => existing.id === callback.id)!;
    Object.assign(row, {
      url: callback.url,
      secret: callback.secret,
      updatedAt: callback.updatedAt,
      previousSecrets: callback.previousSecrets,
      previousSecretsUntil: callback.previousSecretsUntil,
      disabledAt: callback.disabledAt,
      failingSince: callback.failingSince,
    });
  }

  async deleteById(id: number): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`deleteById ${id}`);
    const index = this.rows.findIndex((callback) => callback.id === id);
    if (index >= 0) this.rows.splice(index, 1);
  }
}

describe('CallbacksService', () => {
  let repository: FakeCallbacksRepository;
  let now: number;
  let allowPrivate: boolean;
  let service: CallbacksService;
  let epoch: number;
  let graceMs: number;

  beforeEach(() => {
    epoch = 4;
    graceMs = 86_400_000;
    repository = new FakeCallbacksRepository();
    now = 1_000.5;
    allowPrivate = false;
    const config = {
      get callbackAllowPrivateNetworks() {
        return allowPrivate;
      },
      get callbackSecretGraceMs() {
        return graceMs;
      },
    };
    service = new CallbacksService(
      transactions.asTransactions(),
      repository as unknown as CallbacksRepository,
      config as AppConfig,
      { nowSeconds: () => now } as Clock,
      { startCallbackEpoch: async () => (epoch += 1) } as unknown as EventsService,
      {
        cancelAll: async (callbackId: number, at: number) => {
          expect(transactions.active).toBe(true);
          repository.calls.push(`cancelAll ${callbackId} ${at}`);
          return 1;
        },
      } as PendingDeliveries,
    );
  });

  describe('put', () => {
    it('registers a callback and returns it without the secret', async () => {
      expect(await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 's3cret' })).toEqual({
        id: 1,
        event: EVENT,
        url: 'https://app.test/hook',
        ...HEALTHY,
      });
      expect(repository.rows).toEqual([
        {
          id: 1,
          appId: 7,
          event: EVENT,
          url: 'https://app.test/hook',
          secret: 's3cret',
          createdAt: 1_000.5,
          updatedAt: 1_000.5,
          sinceEpoch: 5,
          ...NEW_ROW,
        },
      ]);
    });

    it('replaces the URL and secret of an existing callback, keeping its id and creation time', async () => {
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 'old' });
      now = 2_000.25;
      expect(await service.put(7, EVENT, { url: 'https://app.test/new', secret: 'new' })).toEqual({
        id: 1,
        event: EVENT,
        url: 'https://app.test/new',
        ...HEALTHY,
      });
      expect(repository.rows).toEqual([
        {
          id: 1,
          appId: 7,
          event: EVENT,
          url: 'https://app.test/new',
          secret: 'new',
          createdAt: 1_000.5,
          updatedAt: 2_000.25,
          sinceEpoch: 5,
          ...NEW_ROW,
          // The replaced secret signs too for CALLBACK_SECRET_GRACE (here 24 h).
          previousSecrets: [{ secret: 'old', until: 2_000.25 + 86_400 }],
          previousSecretsUntil: 2_000.25 + 86_400,
        },
      ]);
      expect(repository.calls).toEqual([`findLocked 7 ${EVENT}`, 'insert 1', `findLocked 7 ${EVENT}`, 'update 1']);
    });

    it('keeps every secret replaced within the grace, newest first; the current one and repeats once; at most 5', async () => {
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 's0' });
      const rotate = async (at: number, secret: string) => {
        now = at;
        await service.put(7, EVENT, { url: 'https://app.test/hook', secret });
        return repository.rows[0];
      };
      expect((await rotate(2_000, 's1')).previousSecrets).toEqual([{ secret: 's0', until: 2_000 + 86_400 }]);
      expect(await rotate(3_000, 's2')).toMatchObject({
        secret: 's2',
        previousSecrets: [
          { secret: 's1', until: 3_000 + 86_400 },
          { secret: 's0', until: 2_000 + 86_400 },
        ],
        previousSecretsUntil: 2_000 + 86_400,
      });
      // Back to s1: it is current again, and s2 is the newest previous one.
      expect((await rotate(4_000, 's1')).previousSecrets).toEqual([
        { secret: 's2', until: 4_000 + 86_400 },
        { secret: 's0', until: 2_000 + 86_400 },
      ]);
      // A secret whose grace ended is dropped by the next rotation.
      expect((await rotate(2_000 + 86_400, 's3')).previousSecrets).toEqual([
        { secret: 's1', until: 2_000 + 2 * 86_400 },
        { secret: 's2', until: 4_000 + 86_400 },
      ]);
      for (const [index, secret] of ['s4', 's5', 's6', 's7'].entries()) await rotate(90_000 + index, secret);
      expect(repository.rows[0].previousSecrets.map((previous) => previous.secret)).toEqual(['s6', 's5', 's4', 's3', 's1']);
    });

    it('keeps no replaced secret when CALLBACK_SECRET_GRACE is 0', async () => {
      graceMs = 0;
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 'old' });
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 'new' });
      expect(repository.rows[0]).toMatchObject({ secret: 'new', previousSecrets: [], previousSecretsUntil: null });
    });

    it('keeps one callback per app: another app gets its own', async () => {
      await service.put(7, EVENT, { url: 'https://a.test/hook', secret: 'a' });
      expect(await service.put(8, EVENT, { url: 'https://b.test/hook', secret: 'b' })).toEqual({
        id: 2,
        event: EVENT,
        url: 'https://b.test/hook',
        ...HEALTHY,
      });
      expect(repository.rows.map((row) => [row.id, row.appId, row.url])).toEqual([
        [1, 7, 'https://a.test/hook'],
        [2, 8, 'https://b.test/hook'],
      ]);
    });

    it.each([
      'http://127.0.0.1/hook',
      'http://10.1.2.3:8080/hook',
      'https://192.168.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://2130706433/hook',
      'http://0.0.0.0/hook',
    ])('is a 422 at ["body", "url"] for the non-public address of %s, and nothing is written', async (url) => {
      const error = await domainRejection(service.put(7, EVENT, { url, secret: 's' }));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual([
        {
          field: ['url'],
          message: 'the URL must not point to a loopback, private or otherwise non-public address',
          type: 'value_error.url.host',
        },
      ]);
      expect(repository.calls).toEqual([]);
    });

    it.each(['http://localhost/hook', 'https://8.8.8.8/hook', 'https://[2001:4860:4860::8888]/hook'])(
      'accepts %s at registration (host names are checked when resolved, at delivery)',
      async (url) => {
        expect((await service.put(7, EVENT, { url, secret: 's' })).url).toBe(url);
      },
    );

    it('accepts non-public addresses when CALLBACK_ALLOW_PRIVATE_NETWORKS is on', async () => {
      allowPrivate = true;
      expect(await service.put(7, EVENT, { url: 'http://127.0.0.1:9000/hook', secret: 's' })).toEqual({
        id: 1,
        event: EVENT,
        url: 'http://127.0.0.1:9000/hook',
        ...HEALTHY,
      });
    });
  });

  describe('get', () => {
    it("returns the app's callback without the secret", async () => {
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 's' });
      expect(await service.get(7, EVENT)).toEqual({ id: 1, event: EVENT, url: 'https://app.test/hook', ...HEALTHY });
    });

    it('is a 404 when only another app has one', async () => {
      await service.put(8, EVENT, { url: 'https://app.test/hook', secret: 's' });
      const error = await domainRejection(service.get(7, EVENT));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe(`No callback is registered for ${EVENT}.`);
    });
  });

  describe('delete', () => {
    it("removes the app's callback with its pending deliveries cancelled in the same transaction, then is a 404", async () => {
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 's' });
      await service.put(8, EVENT, { url: 'https://other.test/hook', secret: 's' });
      repository.calls.length = 0;
      await service.delete(7, EVENT);
      expect(repository.rows.map((row) => row.appId)).toEqual([8]);
      expect(repository.calls).toEqual([`findLocked 7 ${EVENT}`, `cancelAll 1 ${now}`, 'deleteById 1']);
      const error = await domainRejection(service.delete(7, EVENT));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe(`No callback is registered for ${EVENT}.`);
      expect(repository.rows.map((row) => row.appId)).toEqual([8]);
    });
  });

  describe('list', () => {
    it("maps the app's event types to their URLs, and is empty for an app without callbacks", async () => {
      await service.put(7, EVENT, { url: 'https://app.test/hook', secret: 's' });
      await service.put(8, EVENT, { url: 'https://other.test/hook', secret: 's' });
      expect(await service.list(7)).toEqual({ callbacks: { [EVENT]: 'https://app.test/hook' } });
      expect(await service.list(9)).toEqual({ callbacks: {} });
    });
  });
});
