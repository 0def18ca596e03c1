import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Longest stored excerpt of an answer's body (characters, docs/api.md#delivery-log). */
export const RESPONSE_BODY_EXCERPT = 1024;

/**
 * One attempt of a delivery (docs/api.md#delivery-log's attempt log): numbered 1, 2, ...
 * over every round, deleted with its delivery. The answer's body is kept as a
 * text excerpt only.
 */
@Entity({ name: 'delivery_attempts' })
export class DeliveryAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'int' })
  deliveryId: number;

  @PrimaryColumn({ type: 'int' })
  attempt: number;

  /** Seconds since the UNIX epoch: when the request was sent. */
  @Column({ type: 'double' })
  at: number;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs: number;

  /** HTTP status of the answer; `null` for a network error, timeout or refused address. */
  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  error: string | null;

  /** The first {@link RESPONSE_BODY_EXCERPT} characters of the answer's body. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;
}
