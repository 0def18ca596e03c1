import { HttpException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Clock } from '../clock/clock.js';
import type { AppConfig } from '../config/app-config.js';
import type { Transactions } from '../database/transactions.js';
import type { EventType } from '../events/event-type.js';
import type { CallbackEntity } from './callback.entity.js';
import type { CallbacksRepository } from './callbacks.repository.js';
import { CallbacksService } from './callbacks.service.js';

const EVENT: EventType = 'account_team_update';

/** Callbacks in memory, one per (app, event), recording every write. */
class FakeCallbacksRepository {
  readonly rows: CallbackEntity[] = [];
  readonly writes: string[] = [];

  async findLocked(_manager: EntityManager, appId: number, event: EventType): Promise<CallbackEntity | null> {
    return this.find(appId, event);
  }
  async find(appId: number, event: EventType): Promise<CallbackEntity | null> {
    const row = this.rows.find((callback) => callback.appId === appId && callback.event === event);
    return row ? { ...row } : null;
  }
  async list(appId: number): Promise<CallbackEntity[]> {
    return this.rows.filter((callback) => callback.appId === appId);
  }
  async insert(_manager: EntityManager, fields: Omit<CallbackEntity, 'id'>): Promise<CallbackEntity> {
    const callback = { id: this.rows.length + 1, ...fields };
    this.rows.push(callback);
    this.writes.push(`insert ${callback.id}`);
    return callback;
  }
  async update(_manager: EntityManager, callback: CallbackEntity): Promise<void> {
    Object.assign(
      this.rows.find((row) => row.id === callback.id)!,
      callback,
    );
    this.writes.push(`update ${callback.id}`);
  }
  async delete(appId: number, event: EventType): Promise<boolean> {
    const index = this.rows.findIndex((callback) => callback.appId === appId && callback.event === event);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    this.writes.push(`delete ${appId} ${event}`);
    return true;
  }
}

/** The rules of CallbacksService (interface §4.4, contract §8), with a fake repository and no database. */
describe('CallbacksService', () => {
  let repository: FakeCallbacksRepository;
  let now: number;

  function service(allowPrivateNetworks = false): CallbacksService {
    const transactions = { run: (work: (manager: EntityManager) => Promise<unknown>) => work({} as EntityManager) };
    return new CallbacksService(
      transactions as unknown as Transactions,
      repository as unknown as CallbacksRepository,
      { callbackAllowPrivateNetworks: allowPrivateNetworks } as AppConfig,
      { nowSeconds: () => now } as Clock,
    );
  }

  async function rejection(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof HttpException)) throw new Error(`expected an HTTP error, got ${String(error)}`);
    return { status: error.getStatus(), body: error.getResponse() };
  }

  beforeEach(() => {
    repository = new FakeCallbacksRepository();
    now = 1000;
  });

  it('registers a callback, then replaces its URL and secret keeping its id', async () => {
    const first = await service().put(1, EVENT, { url: 'https://a.example/hook', secret: 's1' });
    now = 2000;
    const second = await service().put(1, EVENT, { url: 'https://b.example/hook', secret: 's2' });
    expect(first).toEqual({ id: 1, event: EVENT, url: 'https://a.example/hook' });
    expect(second).toEqual({ id: 1, event: EVENT, url: 'https://b.example/hook' });
    expect(repository.writes).toEqual(['insert 1', 'update 1']);
    expect(repository.rows).toEqual([
      { id: 1, appId: 1, event: EVENT, url: 'https://b.example/hook', secret: 's2', createdAt: 1000, updatedAt: 2000 },
    ]);
  });

  it('keeps one callback per app: another app registers its own', async () => {
    await service().put(1, EVENT, { url: 'https://a.example/hook', secret: 's1' });
    expect(await service().put(2, EVENT, { url: 'https://c.example/hook', secret: 's3' })).toEqual({
      id: 2,
      event: EVENT,
      url: 'https://c.example/hook',
    });
    expect(await service().list(1)).toEqual({ callbacks: { [EVENT]: 'https://a.example/hook' } });
  });

  it('refuses a non-public IP literal with a 422 at body.url, writing nothing, unless private networks are allowed', async () => {
    for (const url of ['http://127.0.0.1/hook', 'http://10.1.2.3/hook', 'http://[::1]/hook', 'http://169.254.169.254/latest']) {
      expect(await rejection(service().put(1, EVENT, { url, secret: 's' }))).toEqual({
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'url'],
              msg: 'the URL must not point to a loopback, private or otherwise non-public address',
              type: 'value_error.url.host',
            },
          ],
        },
      });
    }
    expect(repository.writes).toEqual([]);
    expect(await service(true).put(1, EVENT, { url: 'http://127.0.0.1/hook', secret: 's' })).toEqual({
      id: 1,
      event: EVENT,
      url: 'http://127.0.0.1/hook',
    });
  });

  it('answers 404 with a sentence for a callback that is not registered (get and delete)', async () => {
    const notFound = {
      status: 404,
      body: { message: 'No callback is registered for account_team_update.', error: 'Not Found', statusCode: 404 },
    };
    expect(await rejection(service().get(1, EVENT))).toEqual(notFound);
    expect(await rejection(service().delete(1, EVENT))).toEqual(notFound);
    expect(await service().list(1)).toEqual({ callbacks: {} });
  });

  it('deletes only the calling app’s callback', async () => {
    await service().put(1, EVENT, { url: 'https://a.example/hook', secret: 's1' });
    await service().put(2, EVENT, { url: 'https://c.example/hook', secret: 's3' });
    await service().delete(2, EVENT);
    expect(await service().get(1, EVENT)).toEqual({ id: 1, event: EVENT, url: 'https://a.example/hook' });
    expect((await rejection(service().get(2, EVENT))).status).toBe(404);
  });
});
