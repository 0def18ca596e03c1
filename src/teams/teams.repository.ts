import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { fromStoredAccountId } from '../common/account-id.js';
import { GenerateSql, SqlSample as S, TX } from '../database/generate-sql.decorator.js';
import { forUpdateClause } from '../database/lock.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import type { AccountFields } from '../read-model/read-model.types.js';
import { TeamEntity } from './team.entity.js';

/** The member columns read when a team is deleted, as stored. */
interface MemberRow {
  id: string;
  name: string;
  discriminator: string;
  avatar_url: string | null;
  permissions: number | string;
  created_at: number | string;
}

/** A team row as stored. */
interface TeamColumns {
  id: number | string;
  name: string;
  created_at: number | string;
}

const SELECT_TEAM = 'SELECT id, name, created_at FROM teams WHERE id = ?';

/** Every statement on the `teams` table, and the lock on a team's members. */
@Injectable()
export class TeamsRepository {
  constructor(private readonly statements: PreparedStatements) {}

  /** Inserts a team. @returns it with its new id. */
  @GenerateSql({ params: [TX, { name: 'Gamma', createdAt: S.NOW }] })
  async insert(manager: EntityManager, fields: Omit<TeamEntity, 'id'>): Promise<TeamEntity> {
    const team = manager.create(TeamEntity, fields);
    await manager.insert(TeamEntity, team);
    return team;
  }

  /** @returns the team, row-locked until commit when `lock` (MySQL), or `null`. */
  @GenerateSql({ params: [TX, S.TEAM] }, { name: 'locked', params: [TX, S.TEAM, true] })
  async findById(manager: EntityManager, id: number, lock = false): Promise<TeamEntity | null> {
    const sql = lock ? SELECT_TEAM + forUpdateClause(manager) : SELECT_TEAM;
    const [row] = await this.statements.select<TeamColumns>(manager, sql, [id]);
    return row ? Object.assign(new TeamEntity(), { id: Number(row.id), name: row.name, createdAt: Number(row.created_at) }) : null;
  }

  @GenerateSql({ params: [TX, S.TEAM, 'Alpha 2'] })
  async rename(manager: EntityManager, id: number, name: string): Promise<void> {
    await manager.update(TeamEntity, { id }, { name });
  }

  /**
   * Locks the team's members (one statement) so none moves or goes before commit.
   * @returns them as they will be once the team is deleted: without a team.
   */
  @GenerateSql({ params: [TX, S.TEAM] })
  async lockMembers(manager: EntityManager, id: number): Promise<AccountFields[]> {
    const lock = manager.connection.options.type === 'mysql' ? ' FOR UPDATE' : '';
    const rows: MemberRow[] = await manager.query(
      `SELECT id, name, discriminator, avatar_url, permissions, created_at FROM accounts WHERE team_id = ?${lock}`,
      [id],
    );
    return rows.map((row) => ({
      id: fromStoredAccountId(row.id),
      name: row.name,
      discriminator: row.discriminator,
      avatarUrl: row.avatar_url,
      teamId: null,
      permissions: Number(row.permissions),
      createdAt: Number(row.created_at),
    }));
  }

  /** Deletes the team; the foreign keys leave its members and awards without a team (ON DELETE SET NULL). */
  @GenerateSql({ params: [TX, S.TEAM] })
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(TeamEntity, { id });
  }
}
