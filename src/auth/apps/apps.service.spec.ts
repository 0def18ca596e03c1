import { beforeEach, describe, expect, it } from 'vitest';

import { FakeTransactions } from '../../../test/support/fake-transactions.js';
import { domainRejection } from '../../../test/support/rejection.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { Clock } from '../../clock/clock.js';
import { Permission as P } from '../../permissions/permission.js';
import { hashToken } from '../token.js';
import type { AppEntity } from './app.entity.js';
import type { AppsRepository } from './apps.repository.js';
import { AppsService } from './apps.service.js';

const NOW = 1_700_000_000.125;
/** The service's transactions; every transactional read and write must run inside one. */
const transactions = new FakeTransactions();
/** A token as docs/api.md#authentication shapes it: 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The `apps` table in memory. */
class FakeAppsRepository implements Pick<
  AppsRepository,
  'insert' | 'list' | 'count' | 'findById' | 'findForAuthentication' | 'update' | 'setTokenHash' | 'delete'
> {
  readonly rows = new Map<number, AppEntity>();
  readonly calls: string[] = [];
  private nextId = 1;

  async insert(fields: Omit<AppEntity, 'id'>): Promise<AppEntity> {
    const app = { id: this.nextId++, ...fields };
    this.rows.set(app.id, { ...app });
    return app;
  }

  async list(): Promise<AppEntity[]> {
    return [...this.rows.values()].map((app) => ({ ...app }));
  }

  async count(): Promise<number> {
    return this.rows.size;
  }

  async findById(id: number): Promise<AppEntity | null> {
    this.calls.push(`findById ${id}${transactions.active ? ' in transaction' : ''}`);
    const app = this.rows.get(id);
    return app ? { ...app } : null;
  }

  async findForAuthentication(id: number): Promise<AppEntity | undefined> {
    const app = this.rows.get(id);
    return app ? { ...app } : undefined;
  }

  async update(app: AppEntity): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`update ${app.id}`);
    this.rows.set(app.id, { ...this.rows.get(app.id)!, name: app.name, permissions: app.permissions });
  }

  async setTokenHash(id: number, tokenHash: string): Promise<boolean> {
    const app = this.rows.get(id);
    if (app) app.tokenHash = tokenHash;
    return !!app;
  }

  async delete(id: number): Promise<boolean> {
    return this.rows.delete(id);
  }
}

describe('AppsService', () => {
  let repository: FakeAppsRepository;
  let service: AppsService;

  beforeEach(() => {
    repository = new FakeAppsRepository();
    service = new AppsService(transactions.asTransactions(), repository as unknown as AppsRepository, { nowSeconds: () => NOW } as Clock);
  });

  describe('create', () => {
    it('stores only the hash of a fresh token, shown once', async () => {
      const { app, token } = await service.create('Bot', P.ManageTeams | P.AuthenticateUsers);
      expect(token).toMatch(TOKEN_SHAPE);
      expect(app).toEqual({
        id: 1,
        name: 'Bot',
        permissions: P.ManageTeams | P.AuthenticateUsers,
        tokenHash: hashToken(token),
        createdAt: NOW,
      });
      expect(repository.rows.get(1)!.tokenHash).not.toContain(token);
      const other = await service.create('Bot 2', 0);
      expect(other.token).not.toBe(token);
    });

    it('keeps only app-holdable bits: never manage_own_team (all permissions are 95)', async () => {
      expect((await service.create('All', 127)).app.permissions).toBe(95);
      expect((await service.create('Own', P.ManageOwnTeam)).app.permissions).toBe(0);
    });
  });

  describe('get', () => {
    it('returns the app, or a 404 naming the id', async () => {
      await service.create('Bot', 0);
      expect((await service.get(1)).name).toBe('Bot');
      const error = await domainRejection(service.get(9));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe('No app with id 9.');
    });
  });

  describe('edit', () => {
    beforeEach(async () => {
      await service.create('Bot', P.ManageTeams | P.ManageAwards);
    });

    it('renames, grants, then revokes (revocation last), in one transaction', async () => {
      const app = await service.edit(1, { name: 'Renamed', grant: P.ManagePermissions | P.ManageAwards, revoke: P.ManageAwards });
      expect(app).toMatchObject({ id: 1, name: 'Renamed', permissions: P.ManageTeams | P.ManagePermissions });
      expect(repository.rows.get(1)).toMatchObject({ name: 'Renamed', permissions: P.ManageTeams | P.ManagePermissions });
      expect(repository.calls).toEqual(['findById 1 in transaction', 'update 1']);
    });

    it('never grants manage_own_team', async () => {
      expect((await service.edit(1, { grant: P.ManageOwnTeam | P.AuthenticateUsers })).permissions).toBe(
        P.ManageTeams | P.ManageAwards | P.AuthenticateUsers,
      );
    });

    it('keeps name and permissions when no change is given', async () => {
      expect(await service.edit(1, {})).toMatchObject({ name: 'Bot', permissions: P.ManageTeams | P.ManageAwards });
    });

    it('is a 404 for an unknown app, nothing written', async () => {
      const error = await domainRejection(service.edit(9, { name: 'x' }));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe('No app with id 9.');
      expect(repository.calls).toEqual(['findById 9 in transaction']);
    });
  });

  describe('tokens', () => {
    it('authenticates with the current token only', async () => {
      const { token } = await service.create('Bot', 0);
      expect((await service.authenticate(1, token))?.id).toBe(1);
      expect(await service.authenticate(1, `${token}x`)).toBeUndefined();
      expect(await service.authenticate(2, token)).toBeUndefined();
    });

    it('resetToken issues a new token; the old one stops working at once', async () => {
      const { app, token: old } = await service.create('Bot', 0);
      const fresh = await service.resetToken(app);
      expect(fresh).toMatch(TOKEN_SHAPE);
      expect(fresh).not.toBe(old);
      expect(app.tokenHash).toBe(hashToken(fresh));
      expect(await service.authenticate(1, old)).toBeUndefined();
      expect((await service.authenticate(1, fresh))?.id).toBe(1);
    });

    it('resetToken is a 404 when the app is gone', async () => {
      const { app } = await service.create('Bot', 0);
      await service.delete(1);
      const error = await domainRejection(service.resetToken(app));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe('No app with id 1.');
    });
  });

  describe('delete', () => {
    it('deletes, then is a 404', async () => {
      await service.create('Bot', 0);
      await service.delete(1);
      expect(await service.count()).toBe(0);
      const error = await domainRejection(service.delete(1));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe('No app with id 1.');
    });
  });

  describe('toResource', () => {
    it('names the app A<id> and shows the token as password only when given', () => {
      const app: AppEntity = { id: 12, name: 'Bot', permissions: 95, tokenHash: 'ab', createdAt: 1 };
      expect(AppsService.toResource(app)).toEqual({ name: 'Bot', permissions: 95, username: 'A12' });
      expect(AppsService.toResource(app, 'tok')).toEqual({ name: 'Bot', permissions: 95, username: 'A12', password: 'tok' });
    });
  });
});
