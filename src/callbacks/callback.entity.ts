import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { PREVIOUS_SECRETS_COLUMN, type PreviousSecret } from './previous-secrets.js';

/**
 * An app's callback for one event type (docs/api.md#routes-callbacks, docs/api.md#events): at most
 * one per (app, event). Deleted with its app (foreign key cascade).
 */
@Entity({ name: 'callbacks' })
export class CallbackEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'app_id', type: 'int' })
  appId: number;

  /** An event type of `events/event-type.ts`. */
  @Column({ type: 'varchar', length: 64 })
  event: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Sent as `Authorization: Bearer <secret>` and used to sign deliveries; never returned. */
  @Column({ type: 'varchar', length: 2048 })
  secret: string;

  /**
   * The callback epoch its registration started (events/callback-epoch.repository.ts):
   * it receives the events committed in that epoch or later, none from before.
   */
  @Column({ name: 'since_epoch', type: 'int', default: 0 })
  sinceEpoch: number;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;

  /** Seconds since the UNIX epoch: last time a PUT replaced the URL or secret. */
  @Column({ name: 'updated_at', type: 'double' })
  updatedAt: number;

  /** Seconds: when the callback was disabled after failing too long (docs/api.md#delivery-log); `null` while enabled. */
  @Column({ name: 'disabled_at', type: 'double', nullable: true })
  disabledAt: number | null;

  /** Seconds: when the current unbroken run of deliveries that failed for good began; `null` after a success. */
  @Column({ name: 'failing_since', type: 'double', nullable: true })
  failingSince: number | null;

  /** Seconds: when a delivery last succeeded (kept to about a second: writes are skipped within one). */
  @Column({ name: 'last_success_at', type: 'double', nullable: true })
  lastSuccessAt: number | null;

  /** Attempts per second deliveries to it may start (docs/api.md#isolation-between-apps), or `null` for no limit. */
  @Column({ name: 'rate_limit', type: 'int', nullable: true })
  rateLimit: number | null;

  /**
   * The secrets PUTs replaced that still sign deliveries, newest first, each
   * with the end of its rotation grace (`previous-secrets.ts`: at most 5);
   * never returned or logged.
   */
  @Column({ name: 'previous_secrets', type: 'text', nullable: true, transformer: PREVIOUS_SECRETS_COLUMN })
  previousSecrets: PreviousSecret[];

  /** Seconds: when the first of {@link previousSecrets} leaves its grace (the minute pass forgets it then); `null` when none. */
  @Column({ name: 'previous_secrets_until', type: 'double', nullable: true })
  previousSecretsUntil: number | null;
}
