import { beforeEach, describe, expect, it } from 'vitest';

import type { AccountEntity } from '../../accounts/account.entity.js';
import type { AccountsService } from '../../accounts/accounts.service.js';
import type { Clock } from '../../clock/clock.js';
import type { AppConfig } from '../../config/app-config.js';
import { hashToken } from '../token.js';
import type { SessionEntity } from './session.entity.js';
import type { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

const MAX_AGE_SECONDS = 3_600;
/** A token as docs/api.md#authentication shapes it: 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The `sessions` table in memory. */
class FakeSessionsRepository implements Pick<SessionsRepository, 'insert' | 'updateToken' | 'find' | 'delete' | 'deleteExpired'> {
  readonly rows = new Map<number, SessionEntity>();
  readonly deleted: number[] = [];
  private nextId = 1;

  async insert(fields: Omit<SessionEntity, 'id'>): Promise<SessionEntity> {
    const session = { id: this.nextId++, ...fields };
    this.rows.set(session.id, { ...session });
    return session;
  }

  async updateToken(session: SessionEntity): Promise<void> {
    Object.assign(this.rows.get(session.id)!, { tokenHash: session.tokenHash, expiresAt: session.expiresAt });
  }

  async find(id: number): Promise<SessionEntity | undefined> {
    const session = this.rows.get(id);
    return session ? { ...session } : undefined;
  }

  async delete(id: number): Promise<void> {
    this.deleted.push(id);
    this.rows.delete(id);
  }

  async deleteExpired(now: number): Promise<number> {
    const expired = [...this.rows.values()].filter((session) => session.expiresAt <= now);
    for (const session of expired) this.rows.delete(session.id);
    return expired.length;
  }
}

/** The accounts that exist: every one but '404'. */
const accounts = {
  find: async (id: string): Promise<AccountEntity | null> =>
    id === '404' ? null : { id, name: 'n', discriminator: 'd', avatarUrl: null, teamId: null, permissions: 0, createdAt: 1 },
};

describe('SessionsService', () => {
  let repository: FakeSessionsRepository;
  let now: number;
  let service: SessionsService;

  beforeEach(() => {
    repository = new FakeSessionsRepository();
    now = 10_000.5;
    service = new SessionsService(
      repository as unknown as SessionsRepository,
      accounts as unknown as AccountsService,
      { sessionMaxAgeMs: MAX_AGE_SECONDS * 1000 } as AppConfig,
      { nowSeconds: () => now } as Clock,
    );
  });

  describe('create', () => {
    it('opens a session lasting SESSION_MAX_AGE, storing only the hash of its token', async () => {
      const created = await service.create('42');
      expect(created).toEqual({ username: 'S1', password: expect.stringMatching(TOKEN_SHAPE), expires_at: 10_000.5 + MAX_AGE_SECONDS });
      expect(repository.rows.get(1)).toEqual({
        id: 1,
        accountId: '42',
        tokenHash: hashToken(created.password),
        createdAt: 10_000.5,
        expiresAt: 10_000.5 + MAX_AGE_SECONDS,
      });
      expect((await service.create('42')).password).not.toBe(created.password);
    });
  });

  describe('authenticate', () => {
    it('returns the session and its account for the right token', async () => {
      const { password } = await service.create('42');
      const found = await service.authenticate(1, password);
      expect(found?.session).toMatchObject({ id: 1, accountId: '42' });
      expect(found?.account.id).toBe('42');
    });

    it('rejects a wrong token or an unknown session without deleting anything', async () => {
      const { password } = await service.create('42');
      expect(await service.authenticate(1, `${password}x`)).toBeUndefined();
      expect(await service.authenticate(2, password)).toBeUndefined();
      expect(repository.rows.has(1)).toBe(true);
      expect(repository.deleted).toEqual([]);
    });

    it('rejects a session whose account is gone (deleted between the two reads)', async () => {
      const { password } = await service.create('404');
      expect(await service.authenticate(1, password)).toBeUndefined();
    });

    it('accepts a session until just before its expiry', async () => {
      const { password } = await service.create('42');
      now += MAX_AGE_SECONDS - 0.001;
      expect(await service.authenticate(1, password)).toBeDefined();
    });

    it('rejects and deletes a session at its expiry time', async () => {
      const { password } = await service.create('42');
      now += MAX_AGE_SECONDS;
      expect(await service.authenticate(1, password)).toBeUndefined();
      expect(repository.deleted).toEqual([1]);
      expect(repository.rows.has(1)).toBe(false);
    });

    it("a wrong token does not delete an expired session (only its holder's check removes it)", async () => {
      await service.create('42');
      now += MAX_AGE_SECONDS + 1;
      expect(await service.authenticate(1, 'wrong')).toBeUndefined();
      expect(repository.deleted).toEqual([]);
    });
  });

  describe('resetToken', () => {
    it('issues a new token and restarts the lifetime; the old token stops working at once', async () => {
      const { password: old } = await service.create('42');
      now += 100;
      const session = (await repository.find(1))!;
      const reset = await service.resetToken(session);
      expect(reset).toEqual({ username: 'S1', password: expect.stringMatching(TOKEN_SHAPE), expires_at: 10_100.5 + MAX_AGE_SECONDS });
      expect(reset.password).not.toBe(old);
      expect(repository.rows.get(1)).toMatchObject({
        tokenHash: hashToken(reset.password),
        expiresAt: 10_100.5 + MAX_AGE_SECONDS,
        createdAt: 10_000.5,
      });
      expect(await service.authenticate(1, old)).toBeUndefined();
      expect(await service.authenticate(1, reset.password)).toBeDefined();
    });
  });

  describe('prune', () => {
    it('deletes the sessions expired now and says how many', async () => {
      await service.create('1');
      now += 10;
      await service.create('2');
      now += MAX_AGE_SECONDS - 10;
      expect(await service.prune()).toBe(1);
      expect([...repository.rows.keys()]).toEqual([2]);
      expect(await service.prune()).toBe(0);
    });
  });
});
