import { Injectable } from '@nestjs/common';

import { GenerateSql, SqlSample as S } from '../../database/generate-sql.decorator.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { Transactions } from '../../database/transactions.js';
import { AppEntity } from './app.entity.js';

/** An `apps` row as the credential check reads it. */
interface AppRow {
  id: number;
  name: string;
  permissions: number;
  token_hash: string;
  created_at: number;
}

/** Every statement on the `apps` table. */
@Injectable()
export class AppsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly reads: PreparedReads,
  ) {}

  /** Inserts an app. @returns it with its new id. */
  @GenerateSql({ params: [{ name: 'App Two', permissions: 0, tokenHash: 'f'.repeat(64), createdAt: S.NOW }] })
  async insert(fields: Omit<AppEntity, 'id'>): Promise<AppEntity> {
    const app = this.transactions.manager.create(AppEntity, fields);
    await this.transactions.manager.insert(AppEntity, app);
    return app;
  }

  /** Every app, by id. */
  @GenerateSql()
  list(): Promise<AppEntity[]> {
    return this.transactions.manager.find(AppEntity, { order: { id: 'ASC' } });
  }

  @GenerateSql()
  count(): Promise<number> {
    return this.transactions.manager.count(AppEntity);
  }

  /** @returns the app, or `null`; in the current transaction inside one. */
  @GenerateSql({ params: [S.APP] })
  findById(id: number): Promise<AppEntity | null> {
    return this.transactions.manager.findOne(AppEntity, { where: { id } });
  }

  /**
   * The app for a credential check, as one prepared statement (it runs on
   * every request an app makes).
   */
  @GenerateSql({ params: [S.APP] })
  async findForAuthentication(id: number): Promise<AppEntity | undefined> {
    const [row] = await this.reads.select<AppRow>('SELECT id, name, permissions, token_hash, created_at FROM apps WHERE id = ?', [id]);
    if (!row) return undefined;
    return Object.assign(new AppEntity(), {
      id: row.id,
      name: row.name,
      permissions: row.permissions,
      tokenHash: row.token_hash,
      createdAt: row.created_at,
    });
  }

  /** Writes the name and permissions of `app`. */
  @GenerateSql({ params: [{ id: S.APP, name: 'App 1', permissions: 1, tokenHash: 'a'.repeat(64), createdAt: S.NOW }] })
  async update(app: AppEntity): Promise<void> {
    await this.transactions.manager.update(AppEntity, { id: app.id }, { name: app.name, permissions: app.permissions });
  }

  /** Replaces the token hash. @returns false when the app does not exist. */
  @GenerateSql({ params: [S.APP, 'f'.repeat(64)] })
  async setTokenHash(id: number, tokenHash: string): Promise<boolean> {
    const result = await this.transactions.manager.update(AppEntity, { id }, { tokenHash });
    return !!result.affected;
  }

  /** @returns false when the app does not exist. */
  @GenerateSql({ params: [S.APP] })
  async delete(id: number): Promise<boolean> {
    const result = await this.transactions.manager.delete(AppEntity, { id });
    return !!result.affected;
  }
}
