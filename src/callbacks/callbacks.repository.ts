import { Injectable } from '@nestjs/common';
import { In, IsNull, LessThan, Like, Not } from 'typeorm';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdate } from '../database/lock.js';
import { Transactions } from '../database/transactions.js';
import type { EventType } from '../events/event-type.js';
import { CallbackEntity } from './callback.entity.js';
import type { DeliveryCallbacks } from './delivery-callbacks.js';
import { firstGraceEnd, inGrace } from './previous-secrets.js';

/** Callbacks {@link CallbacksRepository.clearExpiredSecrets} handles per pass (a minute); the rest wait for the next. */
const EXPIRED_SECRETS_BATCH = 500;

/** Every statement on the `callbacks` table: one callback per (app, event type). */
@Injectable()
export class CallbacksRepository implements DeliveryCallbacks {
  constructor(private readonly transactions: Transactions) {}

  /** @returns the app's callback for `event`, row-locked until commit (MySQL), or `null`. */
  @GenerateSql({ params: [S.APP, S.EVENT_TYPE] })
  findLocked(appId: number, event: EventType): Promise<CallbackEntity | null> {
    return this.transactions.manager.findOne(CallbackEntity, { where: { appId, event }, ...forUpdate() });
  }

  /** @returns the app's callback for `event`, or `null`. */
  @GenerateSql({ params: [S.APP, S.EVENT_TYPE] })
  find(appId: number, event: EventType): Promise<CallbackEntity | null> {
    return this.transactions.manager.findOne(CallbackEntity, { where: { appId, event } });
  }

  /** The app's callbacks, ordered by event type. */
  @GenerateSql({ params: [S.APP] })
  list(appId: number): Promise<CallbackEntity[]> {
    return this.transactions.manager.find(CallbackEntity, { where: { appId }, order: { event: 'ASC' } });
  }

  /** Callbacks whose URL holds an `@` (candidates for user info; the caller parses them), by id. */
  @GenerateSql()
  withAtSign(): Promise<Pick<CallbackEntity, 'id' | 'appId' | 'event' | 'url'>[]> {
    return this.transactions.manager.find(CallbackEntity, {
      select: { id: true, appId: true, event: true, url: true },
      where: { url: Like('%@%') },
      order: { id: 'ASC' },
    });
  }

  /** Inserts a callback. @returns it with its new id. */
  @GenerateSql({ params: [S.CALLBACK_FIELDS] })
  async insert(fields: Omit<CallbackEntity, 'id'>): Promise<CallbackEntity> {
    const manager = this.transactions.manager;
    const callback = manager.create(CallbackEntity, fields);
    await manager.insert(CallbackEntity, callback);
    return callback;
  }

  /** Writes the URL, secrets, health and update time of `callback`. */
  @GenerateSql({ params: [{ id: S.CALLBACK, ...S.CALLBACK_FIELDS }] })
  async update(callback: CallbackEntity): Promise<void> {
    await this.transactions.manager.update(
      CallbackEntity,
      { id: callback.id },
      {
        url: callback.url,
        secret: callback.secret,
        previousSecrets: callback.previousSecrets,
        previousSecretsUntil: callback.previousSecretsUntil,
        disabledAt: callback.disabledAt,
        rateLimit: callback.rateLimit,
        failingSince: callback.failingSince,
        updatedAt: callback.updatedAt,
      },
    );
  }

  /**
   * Records a delivery that succeeded at `now`: clears `failing_since` and
   * sets `last_success_at`, skipping the write when it changes nothing but a
   * success less than a second old (a busy callback's row is not rewritten on
   * every delivery).
   */
  @GenerateSql({ params: [S.CALLBACK, S.NOW] })
  async recordSuccess(id: number, now: number): Promise<void> {
    await this.transactions.manager
      .createQueryBuilder()
      .update(CallbackEntity)
      .set({ lastSuccessAt: now, failingSince: null })
      .where('id = :id AND (failing_since IS NOT NULL OR last_success_at IS NULL OR last_success_at < :recent)', { id, recent: now - 1 })
      .execute();
  }

  /**
   * Records a delivery that failed for good at `now`: starts the failing run
   * if none is running, then disables the callback when that run is at least
   * `disableAfterSeconds` old (0: never). Two `UPDATE`s.
   *
   * @returns whether this call disabled the callback.
   */
  @GenerateSql({ params: [S.CALLBACK, S.NOW, 3600] })
  async recordFailure(id: number, now: number, disableAfterSeconds: number): Promise<boolean> {
    const manager = this.transactions.manager;
    await manager.update(CallbackEntity, { id, failingSince: IsNull() }, { failingSince: now });
    if (disableAfterSeconds <= 0) return false;
    const result = await manager
      .createQueryBuilder()
      .update(CallbackEntity)
      .set({ disabledAt: now })
      .where('id = :id AND disabled_at IS NULL AND failing_since IS NOT NULL AND failing_since <= :since', {
        id,
        since: now - disableAfterSeconds,
      })
      .execute();
    return result.affected === 1;
  }

  /**
   * Forgets the previous secrets whose rotation grace ended before `now`
   * (docs/api.md#secret-rotation): reads up to {@link EXPIRED_SECRETS_BATCH}
   * callbacks holding one, then writes each one's list without them, unless a
   * `PUT` changed it meanwhile. One `SELECT`, then one `UPDATE` per callback
   * (a callback's secrets change at most a few times a day).
   *
   * @returns how many secrets were forgotten.
   */
  @GenerateSql({ params: [S.NOW] })
  async clearExpiredSecrets(now: number): Promise<number> {
    const manager = this.transactions.manager;
    const expiring = await manager.find(CallbackEntity, {
      select: { id: true, previousSecrets: true, previousSecretsUntil: true, updatedAt: true },
      where: { previousSecretsUntil: LessThan(now) },
      order: { previousSecretsUntil: 'ASC' },
      take: EXPIRED_SECRETS_BATCH,
    });
    let forgotten = 0;
    for (const callback of expiring) {
      const kept = inGrace(callback.previousSecrets, now);
      const result = await manager.update(
        CallbackEntity,
        { id: callback.id, updatedAt: callback.updatedAt, previousSecretsUntil: callback.previousSecretsUntil! },
        { previousSecrets: kept, previousSecretsUntil: firstGraceEnd(kept) },
      );
      if (result.affected) forgotten += callback.previousSecrets.length - kept.length;
    }
    return forgotten;
  }

  /** How many callbacks are disabled (the `callbacks_disabled` gauge). */
  @GenerateSql()
  countDisabled(): Promise<number> {
    return this.transactions.manager.count(CallbackEntity, { where: { disabledAt: Not(IsNull()) } });
  }

  /** Deletes callback `id` (its deliveries keep their rows, with `callback_id` null). */
  @GenerateSql({ params: [S.CALLBACK] })
  async deleteById(id: number): Promise<void> {
    await this.transactions.manager.delete(CallbackEntity, { id });
  }

  /** The callbacks registered for any of `types`, by id (the relay's fan-out, docs/api.md#events). */
  @GenerateSql({ params: [[S.EVENT_TYPE]] })
  listeningTo(types: readonly string[]): Promise<CallbackEntity[]> {
    return this.transactions.manager.find(CallbackEntity, { where: { event: In([...types]) }, order: { id: 'ASC' } });
  }
}
