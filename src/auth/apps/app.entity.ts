import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An app: created by operators with the CLI, authenticates as `A<id>` (docs/api.md#authentication). */
@Entity({ name: 'apps' })
export class AppEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Permission bits of docs/api.md#permissions (never `manage_own_team`). */
  @Column({ type: 'int', default: 0 })
  permissions: number;

  /** Hex SHA-256 of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;
}
