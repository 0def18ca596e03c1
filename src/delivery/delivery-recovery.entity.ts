import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One `recover` (docs/api.md#delivery-log): the failed deliveries of an app and event
 * type created at or after `since`, with ids up to `maxId`, that it counted
 * and answered for. Written in the request's transaction, so the work
 * outlives the process that answered; any API or worker process advances it
 * (`afterId`) until `finishedAt` is set.
 */
@Entity({ name: 'delivery_recoveries' })
export class DeliveryRecoveryEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'app_id', type: 'int' })
  appId: number;

  /** The callback event type whose deliveries are recovered. */
  @Column({ type: 'varchar', length: 64 })
  event: string;

  /** Seconds: deliveries created at or after this. */
  @Column({ type: 'double' })
  since: number;

  /** The largest delivery id counted: the work stops there. */
  @Column({ name: 'max_id', type: 'int' })
  maxId: number;

  /** Deliveries with ids up to this one were redelivered. */
  @Column({ name: 'after_id', type: 'int', default: 0 })
  afterId: number;

  /** How many deliveries the answer counted. */
  @Column({ type: 'int' })
  deliveries: number;

  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;

  /** Seconds: when the last batch was redelivered; `null` while work remains. */
  @Column({ name: 'finished_at', type: 'double', nullable: true })
  finishedAt: number | null;
}
