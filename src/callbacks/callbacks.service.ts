import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { EventsService } from '../events/events.service.js';
import { namesNonPublicAddress } from '../common/public-address.js';
import type { EventType } from '../events/event-type.js';
import { InvalidInputError, NotFoundError } from '../errors/domain-errors.js';
import { withoutUserInfo } from './callback-url.js';
import { CallbacksRepository } from './callbacks.repository.js';
import { PendingDeliveries } from './pending-deliveries.js';
import { afterRotation, firstGraceEnd } from './previous-secrets.js';
import { type CallbackListResource, type CallbackResource, toCallbackResource } from './callback.resource.js';
import type { PutCallbackDto } from './dto/put-callback.dto.js';

/** An app's callbacks (docs/api.md#routes-callbacks, docs/api.md#events): one per event type. */
@Injectable()
export class CallbacksService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: CallbacksRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly pendingDeliveries: PendingDeliveries,
  ) {}

  /**
   * Registers the app's callback for `event`, replacing the URL and secret of
   * an existing one (its id is kept). Deliveries not yet sent go to the new URL
   * with the new secret. A new callback starts a callback epoch: it receives
   * the events committed after its registration, none from before
   * (docs/api.md#events, `EventsService.startCallbackEpoch`); a replaced one keeps its epoch. Putting it
   * again enables it (docs/api.md#delivery-log); a new secret keeps the one it replaces
   * for `CALLBACK_SECRET_GRACE`, to sign with as well, with those replaced
   * before still in their grace (`previous-secrets.ts`, docs/api.md#secret-rotation).
   *
   * @throws InvalidInputError (HTTP 422) when the URL's host is a non-public
   *   IP address and `CALLBACK_ALLOW_PRIVATE_NETWORKS` is off (SSRF guard).
   */
  async put(appId: number, event: EventType, dto: PutCallbackDto): Promise<CallbackResource> {
    if (!this.config.callbackAllowPrivateNetworks && namesNonPublicAddress(dto.url)) {
      throw InvalidInputError.invalid(
        ['url'],
        'the URL must not point to a loopback, private or otherwise non-public address',
        'value_error.url.host',
      );
    }
    return this.transactions.run(async () => {
      const now = this.clock.nowSeconds();
      const existing = await this.repository.findLocked(appId, event);
      if (existing) {
        if (dto.secret !== existing.secret) {
          const previousSecrets = afterRotation(
            existing.previousSecrets,
            existing.secret,
            dto.secret,
            now,
            this.config.callbackSecretGraceMs / 1000,
          );
          Object.assign(existing, { previousSecrets, previousSecretsUntil: firstGraceEnd(previousSecrets) });
        }
        Object.assign(existing, { url: dto.url, secret: dto.secret, updatedAt: now, disabledAt: null, failingSince: null });
        if (dto.rate_limit !== undefined) existing.rateLimit = dto.rate_limit;
        await this.repository.update(existing);
        return toCallbackResource(existing);
      }
      const callback = await this.repository.insert({
        appId,
        event,
        sinceEpoch: await this.events.startCallbackEpoch(),
        url: dto.url,
        secret: dto.secret,
        createdAt: now,
        updatedAt: now,
        disabledAt: null,
        failingSince: null,
        lastSuccessAt: null,
        rateLimit: dto.rate_limit ?? null,
        previousSecrets: [],
        previousSecretsUntil: null,
      });
      return toCallbackResource(callback);
    });
  }

  /**
   * Enables the app's callback for `event` again and clears `failing_since`
   * (docs/api.md#delivery-log); deliveries held meanwhile stay failed until recovered.
   * @throws NotFoundError (404) when there is none.
   */
  async enable(appId: number, event: EventType): Promise<CallbackResource> {
    return this.transactions.run(async () => {
      const callback = await this.repository.findLocked(appId, event);
      if (!callback) throw notRegistered(event);
      if (callback.disabledAt !== null || callback.failingSince !== null) {
        Object.assign(callback, { disabledAt: null, failingSince: null });
        await this.repository.update(callback);
      }
      return toCallbackResource(callback);
    });
  }

  /** @throws NotFoundError (404) when the app has no callback for `event`. */
  async get(appId: number, event: EventType): Promise<CallbackResource> {
    const callback = await this.repository.find(appId, event);
    if (!callback) throw notRegistered(event);
    return toCallbackResource(callback);
  }

  /**
   * Removes the app's callback for `event` and, in the same transaction,
   * cancels its pending deliveries (docs/api.md#delivery-log): they show
   * `cancelled` once this returns, and no attempt of theirs starts after.
   * @throws NotFoundError (404) when there is none.
   */
  async delete(appId: number, event: EventType): Promise<void> {
    await this.transactions.run(async () => {
      const callback = await this.repository.findLocked(appId, event);
      if (!callback) throw notRegistered(event);
      await this.pendingDeliveries.cancelAll(callback.id, this.clock.nowSeconds());
      await this.repository.deleteById(callback.id);
    });
  }

  /**
   * Sets the `rate_limit` of the app's callback for `event` (attempts per
   * second, `null` for none; docs/api.md#rate-limit): the operator's door to
   * what `PUT /callback/{event}` sets.
   * @throws NotFoundError (404) when there is none.
   */
  async setRateLimit(appId: number, event: EventType, rateLimit: number | null): Promise<CallbackResource> {
    return this.transactions.run(async () => {
      const callback = await this.repository.findLocked(appId, event);
      if (!callback) throw notRegistered(event);
      callback.rateLimit = rateLimit;
      callback.updatedAt = this.clock.nowSeconds();
      await this.repository.update(callback);
      return toCallbackResource(callback);
    });
  }

  /** The app's callbacks as Callback objects, by event type. */
  async describeAll(appId: number): Promise<CallbackResource[]> {
    return (await this.repository.list(appId)).map(toCallbackResource);
  }

  /** The app's callbacks as `{callbacks: {event: url}}` (URLs without user info). */
  async list(appId: number): Promise<CallbackListResource> {
    const callbacks = await this.repository.list(appId);
    return { callbacks: Object.fromEntries(callbacks.map((callback) => [callback.event, withoutUserInfo(callback.url)])) };
  }
}

function notRegistered(event: EventType): NotFoundError {
  return new NotFoundError(`No callback is registered for ${event}.`);
}
