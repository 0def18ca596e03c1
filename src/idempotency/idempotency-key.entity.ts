import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The first answer to a write sent with an `Idempotency-Key`, kept for 24 h
 * per credential (`scope`) and key. Times in seconds since the UNIX epoch.
 */
@Entity('idempotency_keys')
@Index('idx_idempotency_keys_expires', ['expiresAt'])
export class IdempotencyKeyEntity {
  /** The credential: `A<app id>` or `S<session id>`. */
  @PrimaryColumn({ type: 'varchar', length: 24 })
  scope: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 (hex) of the method, path and canonical body of the first request. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint: string;

  @Column({ type: 'integer' })
  status: number;

  /** The JSON body of the answer, or null when it had none. */
  @Column({ type: 'text', nullable: true })
  body: string | null;

  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;

  @Column({ name: 'expires_at', type: 'double' })
  expiresAt: number;
}
