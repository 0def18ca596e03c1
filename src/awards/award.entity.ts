import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An award: given to accounts and to a team (docs/api.md#routes-awards). */
@Entity({ name: 'awards' })
export class AwardEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ name: 'image_url', type: 'varchar', length: 2048 })
  imageUrl: string;

  /** The team the award is given to; `null` once that team is deleted. */
  @Column({ name: 'team_id', type: 'int', nullable: true })
  teamId: number | null;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;
}
