import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { ACCOUNT_ID_COLUMN } from '../../common/account-id.js';

/** A user session: authenticates as `S<id>` until `expiresAt` (docs/api.md#authentication). */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'account_id', ...ACCOUNT_ID_COLUMN })
  accountId: string;

  /** Hex SHA-256 of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'expires_at', type: 'double' })
  expiresAt: number;
}
