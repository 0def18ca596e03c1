import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { forUpdateClause } from '../database/lock.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { TeamEntity } from './team.entity.js';

/** A team row as stored. */
interface TeamColumns {
  id: number | string;
  name: string;
  created_at: number | string;
}

const SELECT_TEAM = 'SELECT id, name, created_at FROM teams WHERE id = ?';
const TEAM_EXISTS = 'SELECT id FROM teams WHERE id = ?';

/** Every statement on the `teams` table. */
@Injectable()
export class TeamsRepository {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly reads: PreparedReads,
  ) {}

  /** Inserts a team. @returns it with its new id. */
  async insert(manager: EntityManager, fields: Omit<TeamEntity, 'id'>): Promise<TeamEntity> {
    const team = manager.create(TeamEntity, fields);
    await manager.insert(TeamEntity, team);
    return team;
  }

  /** Whether the team exists, read outside any transaction (one prepared statement). */
  async exists(id: number): Promise<boolean> {
    return (await this.reads.select(TEAM_EXISTS, [id])).length > 0;
  }

  /** @returns the team, row-locked until commit when `lock` (MySQL), or `null`. */
  async findById(manager: EntityManager, id: number, lock = false): Promise<TeamEntity | null> {
    const sql = lock ? SELECT_TEAM + forUpdateClause(manager) : SELECT_TEAM;
    const [row] = await this.statements.select<TeamColumns>(manager, sql, [id]);
    return row ? Object.assign(new TeamEntity(), { id: Number(row.id), name: row.name, createdAt: Number(row.created_at) }) : null;
  }

  async rename(manager: EntityManager, id: number, name: string): Promise<void> {
    await manager.update(TeamEntity, { id }, { name });
  }

  /** Deletes the team; the foreign keys leave its members and awards without a team (ON DELETE SET NULL). */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(TeamEntity, { id });
  }
}
