import { Injectable } from '@nestjs/common';

import { toStoredAccountId } from '../common/account-id.js';
import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { forUpdateClause } from '../database/lock.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { Transactions } from '../database/transactions.js';
import { AwardEntity } from './award.entity.js';
import { AwardeeEntity } from './awardee.entity.js';

/** An award row as stored. */
interface AwardColumns {
  id: number;
  title: string;
  image_url: string;
  team_id: number | null;
  created_at: number;
}

const SELECT_AWARD = 'SELECT id, title, image_url, team_id, created_at FROM awards WHERE id = ?';
const HOLDS = 'SELECT 1 AS held FROM awardees WHERE award_id = ? AND account_id = ?';
const INSERT_HOLDER = 'INSERT INTO awardees (award_id, account_id) VALUES (?, ?)';
const DELETE_HOLDER = 'DELETE FROM awardees WHERE award_id = ? AND account_id = ?';

/** Every statement on the `awards` and `awardees` tables; methods run inside the caller's transaction. */
@Injectable()
export class AwardsRepository {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly transactions: Transactions,
  ) {}

  /** Inserts an award. @returns it with its new id. */
  @GenerateSql({ params: [{ title: 'Bronze', imageUrl: 'https://img.example.com/bronze.png', teamId: S.TEAM, createdAt: S.NOW }] })
  async insert(fields: Omit<AwardEntity, 'id'>): Promise<AwardEntity> {
    const manager = this.transactions.manager;
    const award = manager.create(AwardEntity, fields);
    await manager.insert(AwardEntity, award);
    return award;
  }

  /** @returns the award, row-locked until commit when `lock` (MySQL), or `null`. */
  @GenerateSql({ params: [S.AWARD] }, { name: 'locked', params: [S.AWARD, true] })
  async findById(id: number, lock = false): Promise<AwardEntity | null> {
    const sql = lock ? SELECT_AWARD + forUpdateClause() : SELECT_AWARD;
    const [row] = await this.statements.select<AwardColumns>(sql, [id]);
    if (!row) return null;
    return Object.assign(new AwardEntity(), {
      id: row.id,
      title: row.title,
      imageUrl: row.image_url,
      teamId: row.team_id === null ? null : row.team_id,
      createdAt: row.created_at,
    });
  }

  /** Writes the changeable columns of `award`. */
  @GenerateSql({
    params: [{ id: S.AWARD, title: 'Gold+', imageUrl: 'https://img.example.com/gold.png', teamId: null, createdAt: S.NOW }],
  })
  async update(award: AwardEntity): Promise<void> {
    await this.transactions.manager.update(
      AwardEntity,
      { id: award.id },
      { title: award.title, imageUrl: award.imageUrl, teamId: award.teamId },
    );
  }

  /** Deletes the award; its awardee rows go by foreign-key cascade. */
  @GenerateSql({ params: [S.AWARD] })
  async delete(id: number): Promise<void> {
    await this.transactions.manager.delete(AwardEntity, { id });
  }

  /** Gives `awardId` to each of `accountIds` (distinct, canonical), in one statement. */
  @GenerateSql({ name: 'one', params: [S.AWARD, [S.ACCOUNT_3]] }, { name: 'several', params: [S.AWARD, [S.ACCOUNT_2, S.ACCOUNT_3]] })
  async addHolders(awardId: number, accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    if (accountIds.length === 1) {
      await this.statements.write(INSERT_HOLDER, [awardId, toStoredAccountId(accountIds[0])]);
      return;
    }
    await this.transactions.manager.insert(
      AwardeeEntity,
      accountIds.map((accountId) => ({ awardId, accountId })),
    );
  }

  /** Whether `accountId` holds `awardId`. */
  @GenerateSql({ params: [S.ACCOUNT, S.AWARD] })
  async holds(accountId: string, awardId: number): Promise<boolean> {
    const rows = await this.statements.select(HOLDS, [awardId, toStoredAccountId(accountId)]);
    return rows.length > 0;
  }

  /** Takes `awardId` from `accountId`. @returns false when it did not hold it. */
  @GenerateSql({ params: [S.ACCOUNT, S.AWARD] })
  async removeHolder(accountId: string, awardId: number): Promise<boolean> {
    const outcome = await this.statements.write(DELETE_HOLDER, [awardId, toStoredAccountId(accountId)]);
    return outcome.affected > 0;
  }
}
