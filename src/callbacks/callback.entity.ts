import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
}
