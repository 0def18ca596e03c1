import { Injectable } from '@nestjs/common';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdateClause } from '../database/lock.js';
import { PreparedReads } from '../database/prepared-reads.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';
import { TeamEntity } from './team.entity.js';

/** A team row as stored. */
interface TeamColumns {
  id: number;
  name: string;
  created_at: number;
}

const SELECT_TEAM = 'SELECT id, name, created_at FROM teams WHERE id = ?';
const TEAM_EXISTS = 'SELECT id FROM teams WHERE id = ?';

/**
 * Every statement on the `teams` table.
 * Each runs in the current transaction (`Transactions.manager`; the pool's
 * outside one, docs/architecture.md#transactions): callers run them inside
 * `Transactions.run` and never hand them a manager.
 */
@Injectable()
export class TeamsRepository {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly reads: PreparedReads,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Inserts a team. Fires `trg_teams_count_insert`, which adds the team's row
   * of `account_counts` (no member yet), `trg_teams_total_insert` (`table_totals`)
   * and on MySQL/MariaDB `trg_teams_grams_insert`, which indexes its name
   * (`team_name_grams`, `team_name_gram_counts`) (src/queries/triggers.*.sql).
   *
   * @returns it with its new id.
   */
  @GenerateSql({ params: [{ name: 'Gamma', createdAt: S.NOW }] })
  async insert(fields: Omit<TeamEntity, 'id'>): Promise<TeamEntity> {
    const manager = this.transactions.manager;
    const team = manager.create(TeamEntity, fields);
    await manager.insert(TeamEntity, team);
    return team;
  }

  /** Whether the team exists, read outside any transaction (one prepared statement). */
  @GenerateSql({ params: [S.TEAM] })
  async exists(id: number): Promise<boolean> {
    return (await this.reads.select(TEAM_EXISTS, [id])).length > 0;
  }

  /** @returns the team, row-locked until commit when `lock` (MySQL), or `null`. */
  @GenerateSql({ params: [S.TEAM] }, { name: 'locked', params: [S.TEAM, true] })
  async findById(id: number, lock = false): Promise<TeamEntity | null> {
    const sql = lock ? SELECT_TEAM + forUpdateClause() : SELECT_TEAM;
    const [row] = await this.statements.select<TeamColumns>(sql, [id]);
    return row ? Object.assign(new TeamEntity(), { id: row.id, name: row.name, createdAt: row.created_at }) : null;
  }

  /**
   * Renames the team. On MySQL/MariaDB fires `trg_teams_grams_update`, which
   * re-indexes the name (`team_name_grams`, `team_name_gram_counts`) (src/queries/triggers.mysql.sql).
   */
  @GenerateSql({ params: [S.TEAM, 'Alpha 2'] })
  async rename(id: number, name: string): Promise<void> {
    await this.transactions.manager.update(TeamEntity, { id }, { name });
  }

  /**
   * Deletes the team; the foreign keys leave its members and awards without a
   * team (ON DELETE SET NULL). Fires `trg_teams_count_delete`, which removes
   * the team's row of `account_counts`; on MySQL/MariaDB, which runs no
   * trigger for foreign-key actions, it also moves the members' count to the
   * "no team" row, while SQLite fires `trg_accounts_count_update` for each
   * member instead; `trg_teams_total_delete` (`table_totals`), and on
   * MySQL/MariaDB `trg_teams_grams_delete`, which drops its name's grams
   * (src/queries/triggers.*.sql).
   */
  @GenerateSql({ params: [S.TEAM] })
  async delete(id: number): Promise<void> {
    await this.transactions.manager.delete(TeamEntity, { id });
  }
}
