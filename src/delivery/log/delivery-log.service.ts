import { Inject, Injectable } from '@nestjs/common';

import { toCallbackResource } from '../../callbacks/callback.resource.js';
import { DELIVERY_CALLBACKS, type DeliveryCallbacks } from '../../callbacks/delivery-callbacks.js';
import { Clock } from '../../clock/clock.js';
import { Transactions } from '../../database/transactions.js';
import type { EventType } from '../../events/event-type.js';
import { DELIVERY_OUTBOX, type DeliveryOutbox } from '../../events/delivery-outbox.js';
import { occurredAt } from '../../events/occurred-at.js';
import { OutboxSignal } from '../../events/outbox-signal.js';
import { toPage } from '../../http/pagination.js';
import { InvalidInputError, NotFoundError } from '../../errors/domain-errors.js';
import { DeliveryLogReader } from '../../read-model/delivery-log.reader.js';
import { DeliveriesRepository } from '../deliveries.repository.js';
import { DeliveryRecoveriesRepository } from '../delivery-recoveries.repository.js';
import {
  type DeliveryDetailsResource,
  type DeliveryPage,
  type DeliveryResource,
  type RecoverResource,
  toDeliveryResource,
} from './delivery-log.resource.js';
import type { DeliveryLogQuery } from './dto/delivery-log.query.js';
import { PING_EVENT, PingEvent } from './dto/ping.event.js';
import { newDelivery } from '../relay/new-delivery.js';
import { RedeliveryRefusedError, assertRedeliverable } from '../redelivery.js';

/**
 * The delivery log as apps see and steer it (docs/api.md#delivery-log): the same store
 * as the operators' CLI, limited to the calling app's deliveries for one
 * callback event type. A delivery of another app, or of another event type,
 * is a 404 like an unknown one.
 */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly transactions: Transactions,
    private readonly deliveries: DeliveriesRepository,
    private readonly recoveries: DeliveryRecoveriesRepository,
    private readonly log: DeliveryLogReader,
    @Inject(DELIVERY_CALLBACKS) private readonly callbacks: DeliveryCallbacks,
    @Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox,
    private readonly signal: OutboxSignal,
    private readonly clock: Clock,
  ) {}

  /**
   * A page of the app's deliveries for `event`, newest first (by `created_at`,
   * then id): the `page`-th (absent: 0), or the one after the delivery
   * `starting_after` (then `page` is `null`), with `has_more` (docs/api.md#delivery-log).
   * @throws InvalidInputError (HTTP 422) for a `since` in the future, or a
   *   `starting_after` that is not one of the app's deliveries for `event`.
   */
  async list(appId: number, event: EventType, query: DeliveryLogQuery): Promise<DeliveryPage> {
    this.requireNotFuture(query.since);
    const after = query.starting_after;
    const page = query.page ?? 0;
    const { rows, hasMore, total } = await this.log.listForApp(
      appId,
      event,
      { account: query.account, status: query.status, since: query.since, until: query.until },
      after === undefined ? { offset: page * query.per_page } : { after },
      query.per_page,
    );
    // An empty page after a cursor: the cursor is the last delivery, or none of the app's for this event type.
    if (after !== undefined && rows.length === 0 && !(await this.log.findForApp(appId, event, after))) {
      throw InvalidInputError.unknown(['starting_after'], 'Delivery');
    }
    return {
      ...toPage({ page, per_page: query.per_page }, total, rows.map(toDeliveryResource)),
      page: after === undefined ? page : null,
      has_more: hasMore,
    };
  }

  /** The delivery with the body it sends and its attempt log. @throws NotFoundError (404) unknown or not the app's. */
  async get(appId: number, event: EventType, id: number): Promise<DeliveryDetailsResource> {
    const row = await this.log.findForApp(appId, event, id);
    if (!row) throw notFound(id);
    const attempts = await this.deliveries.attemptsOf(id);
    return {
      ...toDeliveryResource(row),
      payload: JSON.parse(row.payload) as unknown,
      attempt_log: attempts.map((attempt) => ({
        attempt: attempt.attempt,
        at: attempt.at,
        duration_ms: attempt.durationMs,
        response_status: attempt.responseStatus,
        error: attempt.error,
        response_body: attempt.responseBody,
      })),
    };
  }

  /**
   * Sends a delivery that ended (failed or succeeded) again: a new round with
   * a fresh retry schedule and the same `webhook-id`. Of two concurrent
   * redeliveries (or one racing the worker) one starts a round, the other
   * gets a 409.
   *
   * @throws NotFoundError (404) unknown or not the app's;
   *   RedeliveryRefusedError (the controller's 409) pending, cancelled, or its callback deleted (delivery/redelivery.ts).
   */
  async redeliver(appId: number, event: EventType, id: number): Promise<DeliveryResource> {
    const row = await this.log.findForApp(appId, event, id);
    if (!row) throw notFound(id);
    assertRedeliverable(id, row);
    const now = this.clock.nowSeconds();
    // The transaction's result is the answer (stored with an Idempotency-Key before COMMIT).
    const answer = await this.transactions.run(async () => {
      if (!(await this.deliveries.startNextRound({ id, round: row.round }, now))) throw new RedeliveryRefusedError('changed', id);
      return { ...toDeliveryResource(row), status: 'pending' as const, next_attempt_at: now };
    });
    this.signal.committed();
    return answer;
  }

  /**
   * Sends every failed delivery of the app for `event` created at or after
   * `since` again (as {@link redeliver}). Answers with their number at once,
   * having recorded the work (a `delivery_recoveries` row, in the same
   * transaction as the count and an `Idempotency-Key`'s answer), which any
   * process then carries out in batches (`DeliveryRecoveryRunner`): nothing
   * counted is lost when the answering process stops.
   *
   * @throws InvalidInputError (HTTP 422) for a `since` in the future.
   */
  async recover(appId: number, event: EventType, since: number): Promise<RecoverResource> {
    this.requireNotFuture(since);
    // The transaction's result is the answer (stored with an Idempotency-Key before COMMIT).
    const answer = await this.transactions.run(async () => {
      const found = await this.deliveries.countRecoverable(appId, event, since);
      if (found.count > 0)
        await this.recoveries.insert({
          appId,
          event,
          since,
          maxId: found.maxId,
          deliveries: found.count,
          createdAt: this.clock.nowSeconds(),
        });
      return { redelivered: found.count };
    });
    if (answer.redelivered > 0) this.signal.committed();
    return answer;
  }

  /**
   * Records a signed test delivery (`ping`) to the app's callback for
   * `event`: body `{"event": "ping", "callback": <Callback>, "type": "ping", "occurred_at"}`, sent and retried
   * like any other delivery (held, as any, while the callback is disabled).
   *
   * @throws NotFoundError (404) when the app has no callback for `event`.
   */
  async ping(appId: number, event: EventType): Promise<DeliveryResource> {
    return this.transactions.run(async () => {
      const callback = await this.callbacks.findLocked(appId, event);
      if (!callback) throw new NotFoundError(`No callback is registered for ${event}.`);
      const now = this.clock.nowSeconds();
      const payload = JSON.stringify(new PingEvent(toCallbackResource(callback), occurredAt(now)));
      const eventId = await this.outbox.insertRelayed({ type: PING_EVENT, payload }, now);
      const delivery = newDelivery(callback, { id: eventId, createdAt: now, accountId: null }, now);
      const id = await this.deliveries.insertOne(delivery);
      return toDeliveryResource({
        ...delivery,
        id,
        type: PING_EVENT,
        lastAttemptAt: null,
        lastStatus: null,
      });
    });
  }

  private requireNotFuture(since: number | undefined): void {
    if (since !== undefined && since > this.clock.nowSeconds()) {
      throw InvalidInputError.invalid(['since'], 'since must not be in the future', 'value_error.number.not_le');
    }
  }
}

function notFound(id: number): NotFoundError {
  return new NotFoundError(`No delivery ${id} for this callback.`);
}
