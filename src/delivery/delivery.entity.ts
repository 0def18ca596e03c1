import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { ACCOUNT_ID_COLUMN } from '../common/account-id.js';
import type { DeliveryStatus } from './delivery-status.js';

/**
 * One event to be delivered to one app's callback (docs/api.md#events), created by the
 * outbox relay. It records every attempt's outcome for operators (CLI).
 */
@Entity({ name: 'deliveries' })
export class DeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'event_id', type: 'int' })
  eventId: number;

  /** The target callback; `null` once it was deleted (the delivery is then not sent). */
  @Column({ name: 'callback_id', type: 'int', nullable: true })
  callbackId: number | null;

  @Column({ name: 'app_id', type: 'int' })
  appId: number;

  /** The event type of the callback it is for (`ping` deliveries too are listed under it, docs/api.md#delivery-log). Rows older than the delivery log have ''. */
  @Column({ type: 'varchar', length: 64, default: '' })
  event: string;

  /**
   * The account its event is about (canonical decimal id, docs/api.md#objects): the apps' log
   * filters by it (docs/api.md#delivery-log). `null` for a ping, and for a delivery an older
   * release recorded after the column was added.
   */
  @Column({ ...ACCOUNT_ID_COLUMN, name: 'account_id', nullable: true })
  accountId: string | null;

  /** The callback URL it was (or will be) sent to: set when created, rewritten by every attempt. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  /** The Standard Webhooks `webhook-id`: the same on every attempt and redelivery. */
  @Column({ name: 'webhook_id', type: 'varchar', length: 64 })
  webhookId: string;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  /** Attempts made in the current round (reset by a redelivery). */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** Attempts made over every round (docs/api.md#delivery-log's `attempts`); numbers the attempt log. */
  @Column({ name: 'total_attempts', type: 'int', default: 0 })
  totalAttempts: number;

  /** Incremented by each operator redelivery; part of the queue job id. */
  @Column({ type: 'int', default: 0 })
  round: number;

  /** HTTP status of the last answer, `null` when none (network error, timeout, refused). */
  @Column({ name: 'last_status', type: 'int', nullable: true })
  lastStatus: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 1024, nullable: true })
  lastError: string | null;

  /** Seconds since the UNIX epoch: when the next attempt is due (pending only). */
  @Column({ name: 'next_attempt_at', type: 'double', nullable: true })
  nextAttemptAt: number | null;

  /**
   * Seconds: when the scheduler admitted this pending round to the transport
   * (the BullMQ queue, or the embedded runner); `null` while it waits. An
   * attempt's outcome clears it (docs/api.md#isolation-between-apps).
   */
  @Column({ name: 'enqueued_at', type: 'double', nullable: true })
  enqueuedAt: number | null;

  @Column({ name: 'last_attempt_at', type: 'double', nullable: true })
  lastAttemptAt: number | null;

  /** How long the last attempt took (milliseconds); with the columns above, a trigger writes its attempt-log row. */
  @Column({ name: 'last_duration_ms', type: 'int', nullable: true })
  lastDurationMs: number | null;

  /** The first 1,024 characters of the last answer's body, or `null`. */
  @Column({ name: 'last_response_body', type: 'text', nullable: true })
  lastResponseBody: string | null;

  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'double' })
  updatedAt: number;
}
