import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runInTransaction } from '../../database/retrying-transaction.js';

import { Clock } from '../../clock/clock.js';
import { PreparedReads } from '../../database/prepared-reads.js';
import { APP_PERMISSIONS } from '../../permissions/permission.js';
import { generateToken, hashToken, tokenMatches } from '../token.js';
import { AppEntity } from './app.entity.js';

/** The App object of contract §2; `password` only right after creation or a reset. */
export interface AppResource {
  name: string;
  permissions: number;
  username: string;
  password?: string;
}

/** A row of `apps` as the driver returns it. */
interface AppRow {
  id: number | string;
  name: string;
  permissions: number | string;
  token_hash: string;
  created_at: number | string;
}

/** Apps: created and managed by operators with the CLI (contract §4, §9), authenticated by token. */
@Injectable()
export class AppsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly reads: PreparedReads,
  ) {}

  /**
   * Creates an app holding `permissions` (app-holdable bits only).
   * @returns the app and its token, shown this once.
   */
  async create(name: string, permissions: number): Promise<{ app: AppEntity; token: string }> {
    const token = generateToken();
    const app = this.dataSource.manager.create(AppEntity, {
      name,
      permissions: permissions & APP_PERMISSIONS,
      tokenHash: hashToken(token),
      createdAt: this.clock.nowSeconds(),
    });
    await this.dataSource.manager.insert(AppEntity, app);
    return { app, token };
  }

  /** Every app, by id. */
  list(): Promise<AppEntity[]> {
    return this.dataSource.manager.find(AppEntity, { order: { id: 'ASC' } });
  }

  /** How many apps exist. */
  count(): Promise<number> {
    return this.dataSource.manager.count(AppEntity);
  }

  /** @throws NotFoundException when there is no app `id`. */
  async get(id: number): Promise<AppEntity> {
    const app = await this.dataSource.manager.findOne(AppEntity, { where: { id } });
    if (!app) throw new NotFoundException(`No app with id ${id}.`);
    return app;
  }

  /**
   * Renames an app and grants/revokes permission bits (revocation applied last).
   * @throws NotFoundException when there is no app `id`.
   */
  async edit(id: number, changes: { name?: string; grant?: number; revoke?: number }): Promise<AppEntity> {
    return runInTransaction(this.dataSource, async (manager) => {
      const app = await manager.findOne(AppEntity, { where: { id } });
      if (!app) throw new NotFoundException(`No app with id ${id}.`);
      if (changes.name !== undefined) app.name = changes.name;
      app.permissions = (app.permissions | (changes.grant ?? 0)) & ~(changes.revoke ?? 0) & APP_PERMISSIONS;
      await manager.update(AppEntity, { id }, { name: app.name, permissions: app.permissions });
      return app;
    });
  }

  /**
   * Replaces an app's token; the old one stops working at once (contract §4).
   * @returns the new token.
   */
  async resetToken(app: AppEntity): Promise<string> {
    const token = generateToken();
    const result = await this.dataSource.manager.update(AppEntity, { id: app.id }, { tokenHash: hashToken(token) });
    if (!result.affected) throw new NotFoundException(`No app with id ${app.id}.`);
    app.tokenHash = hashToken(token);
    return token;
  }

  /** @throws NotFoundException when there is no app `id`. */
  async delete(id: number): Promise<void> {
    const result = await this.dataSource.manager.delete(AppEntity, { id });
    if (!result.affected) throw new NotFoundException(`No app with id ${id}.`);
  }

  /** @returns the app when `token` is its current token, else `undefined`. */
  async authenticate(id: number, token: string): Promise<AppEntity | undefined> {
    // A prepared statement: this runs on every request an app makes.
    const [row] = await this.reads.select<AppRow>('SELECT id, name, permissions, token_hash, created_at FROM apps WHERE id = ?', [id]);
    if (!row || !tokenMatches(token, row.token_hash)) return undefined;
    return Object.assign(new AppEntity(), {
      id: Number(row.id),
      name: row.name,
      permissions: Number(row.permissions),
      tokenHash: row.token_hash,
      createdAt: Number(row.created_at),
    });
  }

  /** The App object of contract §2, with `token` as `password` when given. */
  static toResource(app: AppEntity, token?: string): AppResource {
    return { name: app.name, permissions: app.permissions, username: `A${app.id}`, ...(token ? { password: token } : {}) };
  }
}
