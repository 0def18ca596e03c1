import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A team; an account belongs to at most one (docs/api.md#routes-teams). */
@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;
}
