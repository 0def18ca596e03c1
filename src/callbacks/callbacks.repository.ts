import { Injectable } from '@nestjs/common';
import { type EntityManager, In, Like } from 'typeorm';

import { forUpdate } from '../database/lock.js';
import { Transactions } from '../database/transactions.js';
import type { EventType } from '../events/event-type.js';
import { CallbackEntity } from './callback.entity.js';

/** Every statement on the `callbacks` table: one callback per (app, event type). */
@Injectable()
export class CallbacksRepository {
  constructor(private readonly transactions: Transactions) {}

  /** @returns the app's callback for `event`, row-locked until commit (MySQL), or `null`. */
  findLocked(manager: EntityManager, appId: number, event: EventType): Promise<CallbackEntity | null> {
    return manager.findOne(CallbackEntity, { where: { appId, event }, ...forUpdate(manager) });
  }

  /** @returns the app's callback for `event`, or `null`. */
  find(appId: number, event: EventType): Promise<CallbackEntity | null> {
    return this.transactions.manager.findOne(CallbackEntity, { where: { appId, event } });
  }

  /** The app's callbacks, ordered by event type. */
  list(appId: number): Promise<CallbackEntity[]> {
    return this.transactions.manager.find(CallbackEntity, { where: { appId }, order: { event: 'ASC' } });
  }

  /** Callbacks whose URL holds an `@` (candidates for user info; the caller parses them), by id. */
  withAtSign(): Promise<Pick<CallbackEntity, 'id' | 'appId' | 'event' | 'url'>[]> {
    return this.transactions.manager.find(CallbackEntity, {
      select: { id: true, appId: true, event: true, url: true },
      where: { url: Like('%@%') },
      order: { id: 'ASC' },
    });
  }

  /** Inserts a callback. @returns it with its new id. */
  async insert(manager: EntityManager, fields: Omit<CallbackEntity, 'id'>): Promise<CallbackEntity> {
    const callback = manager.create(CallbackEntity, fields);
    await manager.insert(CallbackEntity, callback);
    return callback;
  }

  /** Writes the URL, secret and update time of `callback`. */
  async update(manager: EntityManager, callback: CallbackEntity): Promise<void> {
    await manager.update(
      CallbackEntity,
      { id: callback.id },
      { url: callback.url, secret: callback.secret, updatedAt: callback.updatedAt },
    );
  }

  /** Deletes the app's callback for `event`. @returns false when there was none. */
  async delete(appId: number, event: EventType): Promise<boolean> {
    const result = await this.transactions.manager.delete(CallbackEntity, { appId, event });
    return !!result.affected;
  }

  /** The callbacks registered for any of `types`, by id (the relay's fan-out, docs/api.md#events). */
  listeningTo(manager: EntityManager, types: readonly string[]): Promise<CallbackEntity[]> {
    return manager.find(CallbackEntity, { where: { event: In([...types]) }, order: { id: 'ASC' } });
  }

  /** @returns whether the callback `id` still exists. */
  exists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.exists(CallbackEntity, { where: { id } });
  }

  /** The URLs of the callbacks `ids` that still exist, by id. */
  async urlsOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const callbacks = await this.transactions.manager.find(CallbackEntity, {
      select: { id: true, url: true },
      where: { id: In([...ids]) },
    });
    return new Map(callbacks.map((callback) => [callback.id, callback.url]));
  }
}
