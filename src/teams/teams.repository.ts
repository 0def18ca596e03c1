import { Injectable } from '@nestjs/common';

import { fromStoredAccountId } from '../common/account-id.js';
import { forUpdateClause } from '../database/lock.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';
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

/**
 * Every statement on the `teams` table, and the lock on a team's members.
 * Each runs in the current transaction (`Transactions.manager`; the pool's
 * outside one, docs/architecture.md#transactions): callers run them inside
 * `Transactions.run` and never hand them a manager.
 */
@Injectable()
export class TeamsRepository {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly transactions: Transactions,
  ) {}

  /** Inserts a team. @returns it with its new id. */
  async insert(fields: Omit<TeamEntity, 'id'>): Promise<TeamEntity> {
    const manager = this.transactions.manager;
    const team = manager.create(TeamEntity, fields);
    await manager.insert(TeamEntity, team);
    return team;
  }

  /** @returns the team, row-locked until commit when `lock` (MySQL), or `null`. */
  async findById(id: number, lock = false): Promise<TeamEntity | null> {
    const sql = lock ? SELECT_TEAM + forUpdateClause() : SELECT_TEAM;
    const [row] = await this.statements.select<TeamColumns>(sql, [id]);
    return row ? Object.assign(new TeamEntity(), { id: Number(row.id), name: row.name, createdAt: Number(row.created_at) }) : null;
  }

  /** Renames the team. */
  async rename(id: number, name: string): Promise<void> {
    await this.transactions.manager.update(TeamEntity, { id }, { name });
  }

  /**
   * Locks the team's members (one statement) so none moves or goes before commit.
   * @returns them as they will be once the team is deleted: without a team.
   */
  async lockMembers(id: number): Promise<AccountFields[]> {
    const rows: MemberRow[] = await this.transactions.manager.query(
      `SELECT id, name, discriminator, avatar_url, permissions, created_at FROM accounts WHERE team_id = ?${forUpdateClause()}`,
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
  async delete(id: number): Promise<void> {
    await this.transactions.manager.delete(TeamEntity, { id });
  }
}
