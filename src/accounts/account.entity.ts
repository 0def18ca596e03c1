import { Column, Entity, PrimaryColumn } from 'typeorm';

import { ACCOUNT_ID_COLUMN } from '../common/account-id.js';

/** An account registered with the identity provider (docs/api.md#routes-accounts, docs/api.md#objects). */
@Entity({ name: 'accounts' })
export class AccountEntity {
  /** Canonical decimal identity-provider id (unsigned 64-bit). */
  @PrimaryColumn({ ...ACCOUNT_ID_COLUMN })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  discriminator: string;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl: string | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  teamId: number | null;

  /** Permission bits of docs/api.md#permissions. */
  @Column({ type: 'int', default: 0 })
  permissions: number;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;
}
