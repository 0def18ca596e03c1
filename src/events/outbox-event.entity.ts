import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An event recorded in the same transaction as the change that caused it
 * (transactional outbox, contract §8); delivery reads it from here.
 */
@Entity({ name: 'outbox_events' })
export class OutboxEventEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The JSON body delivered to callbacks. */
  @Column({ type: 'text' })
  payload: string;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;
}
