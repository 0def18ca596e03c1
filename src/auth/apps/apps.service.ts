import { Injectable } from '@nestjs/common';

import { Clock } from '../../clock/clock.js';
import { Transactions } from '../../database/transactions.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import { APP_PERMISSIONS } from '../../permissions/permission.js';
import { generateToken, hashToken, tokenMatches } from '../token.js';
import type { AppEntity } from './app.entity.js';
import { AppsRepository } from './apps.repository.js';

/** The App object of docs/api.md#objects; `password` only right after creation or a reset. */
export interface AppResource {
  name: string;
  permissions: number;
  username: string;
  password?: string;
}

/** Apps: created and managed by operators with the CLI (docs/api.md#authentication, docs/api.md#operating), authenticated by token. */
@Injectable()
export class AppsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: AppsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates an app holding `permissions` (app-holdable bits only).
   * @returns the app and its token, shown this once.
   */
  async create(name: string, permissions: number): Promise<{ app: AppEntity; token: string }> {
    const token = generateToken();
    const app = await this.repository.insert({
      name,
      permissions: permissions & APP_PERMISSIONS,
      tokenHash: hashToken(token),
      createdAt: this.clock.nowSeconds(),
    });
    return { app, token };
  }

  /** Every app, by id. */
  list(): Promise<AppEntity[]> {
    return this.repository.list();
  }

  /** How many apps exist. */
  count(): Promise<number> {
    return this.repository.count();
  }

  /** @throws NotFoundError when there is no app `id`. */
  async get(id: number): Promise<AppEntity> {
    const app = await this.repository.findById(id);
    if (!app) throw new NotFoundError(`No app with id ${id}.`);
    return app;
  }

  /**
   * Renames an app and grants/revokes permission bits (revocation applied last).
   * @throws NotFoundError when there is no app `id`.
   */
  async edit(id: number, changes: { name?: string; grant?: number; revoke?: number }): Promise<AppEntity> {
    return this.transactions.run(async () => {
      const app = await this.repository.findById(id);
      if (!app) throw new NotFoundError(`No app with id ${id}.`);
      if (changes.name !== undefined) app.name = changes.name;
      app.permissions = (app.permissions | (changes.grant ?? 0)) & ~(changes.revoke ?? 0) & APP_PERMISSIONS;
      await this.repository.update(app);
      return app;
    });
  }

  /**
   * Replaces an app's token; the old one stops working at once (docs/api.md#authentication).
   * @returns the new token.
   */
  async resetToken(app: AppEntity): Promise<string> {
    const token = generateToken();
    if (!(await this.repository.setTokenHash(app.id, hashToken(token)))) throw new NotFoundError(`No app with id ${app.id}.`);
    app.tokenHash = hashToken(token);
    return token;
  }

  /** @throws NotFoundError when there is no app `id`. */
  async delete(id: number): Promise<void> {
    if (!(await this.repository.delete(id))) throw new NotFoundError(`No app with id ${id}.`);
  }

  /** @returns the app when `token` is its current token, else `undefined`. */
  async authenticate(id: number, token: string): Promise<AppEntity | undefined> {
    const app = await this.repository.findForAuthentication(id);
    return app && tokenMatches(token, app.tokenHash) ? app : undefined;
  }

  /** The App object of docs/api.md#objects, with `token` as `password` when given. */
  static toResource(app: AppEntity, token?: string): AppResource {
    return { name: app.name, permissions: app.permissions, username: `A${app.id}`, ...(token ? { password: token } : {}) };
  }
}
