import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An event recorded in the same transaction as the change that caused it
 * (transactional outbox, docs/api.md#events); the outbox relay turns it into one
 * delivery per registered callback and marks it dispatched.
 */
@Entity({ name: 'outbox_events' })
export class OutboxEventEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The JSON body delivered to callbacks, exactly as sent and signed (`LONGTEXT` on MySQL: no 64 KiB cliff). */
  @Column({ type: 'text' })
  payload: string;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;

  /**
   * The callback epoch its transaction committed in (`callback-epoch.repository.ts`):
   * it goes to the callbacks registered at or before it.
   */
  @Column({ name: 'callback_epoch', type: 'int', default: 0 })
  callbackEpoch: number;

  /** Seconds since the UNIX epoch: when the relay created its deliveries; `null` until then. */
  @Column({ name: 'dispatched_at', type: 'double', nullable: true })
  dispatchedAt: number | null;

  /**
   * The W3C Trace Context of the request that recorded it (`{"traceparent": ...}`,
   * docs/operations.md#tracing), so that its deliveries continue that trace; `null` without tracing.
   */
  @Column({ name: 'trace_context', type: 'varchar', length: 1024, nullable: true })
  traceContext: string | null;
}

/** An event to record: its type and JSON body (docs/api.md#events). */
export interface NewOutboxEvent {
  readonly type: string;
  readonly payload: string;
}
