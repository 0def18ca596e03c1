import { beforeAll, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS, Permission } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { StatementCounter } from './support/statement-counter.js';
import { useTestApp } from './support/use-test-app.js';

const IMAGE = 'https://cdn.example.com/award.png';

/**
 * The read path is built for speed (maintained member counts, one
 * statement per single read, two per search page, one UPDATE for a profile
 * edit). These tests pin down that it stays exact while doing so, on SQLite
 * and MariaDB alike (the counts are kept by backend-specific triggers).
 */
describe('read path', () => {
  const { t } = useTestApp();
  let admin: Credentials;
  let counter: StatementCounter;

  beforeAll(async () => {
    counter = new StatementCounter(t.dataSource);
    admin = await t.createApp(APP_PERMISSIONS);
  });

  async function createTeam(name: string): Promise<{ id: number; created_at: number }> {
    const response = await t.http.post('/teams/new', { auth: admin, body: { name } });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function teamCount(id: number): Promise<number> {
    const response = await t.http.get(`/team/${id}`);
    expect(response.status).toBe(200);
    return response.body.member_count;
  }

  async function results(query: string): Promise<number> {
    const response = await t.http.get(`/accounts/search?${query}`);
    expect(response.status).toBe(200);
    return response.body.results;
  }

  describe('maintained member counts and search totals', () => {
    let red: { id: number; created_at: number };
    let blue: { id: number; created_at: number };

    beforeAll(async () => {
      await t.reset();
      admin = await t.createApp(APP_PERMISSIONS);
      red = await createTeam('Red');
      blue = await createTeam('Blue');
    });

    it('counts accounts created over HTTP and inserted directly', async () => {
      for (const [id, team] of [
        ['101', red.id],
        ['102', red.id],
        ['103', 0],
      ] as const) {
        const created = await t.http.post('/acounts/new', { auth: admin, body: { id, name: `user ${id}`, discriminator: '0001', team } });
        expect(created.status).toBe(201);
      }
      await t.insertAccount({ id: '104', name: 'user 104', teamId: blue.id });
      await t.insertAccount({ id: '105', name: 'user 105' });
      expect(await teamCount(red.id)).toBe(2);
      expect(await teamCount(blue.id)).toBe(1);
      expect(await results('')).toBe(5);
      expect(await results(`team=${red.id}`)).toBe(2);
      expect(await results('team=0')).toBe(2);
    });

    it('moves counts with every team change: join, switch, leave', async () => {
      expect((await t.http.patch('/account/103', { auth: admin, body: { team: blue.id } })).status).toBe(200);
      expect((await t.http.patch('/account/101', { auth: admin, body: { team: blue.id } })).status).toBe(200);
      expect((await t.http.patch('/account/104', { auth: admin, body: { team: 0 } })).status).toBe(200);
      expect([await teamCount(red.id), await teamCount(blue.id)]).toEqual([1, 2]);
      expect([await results(''), await results(`team=${red.id}`), await results(`team=${blue.id}`), await results('team=0')]).toEqual([
        5, 1, 2, 2,
      ]);
    });

    it('leaves counts unchanged when a PATCH keeps the team', async () => {
      expect((await t.http.patch('/account/102', { auth: admin, body: { team: red.id, name: 'renamed' } })).status).toBe(200);
      expect(await teamCount(red.id)).toBe(1);
    });

    it('subtracts deleted accounts', async () => {
      expect((await t.http.delete('/account/101', { auth: admin })).status).toBe(204);
      expect([await teamCount(blue.id), await results(''), await results(`team=${blue.id}`)]).toEqual([1, 4, 1]);
    });

    it('moves the members of a deleted team to "no team"', async () => {
      expect((await t.http.delete(`/team/${blue.id}`, { auth: admin })).status).toBe(204);
      expect([await results(''), await results('team=0'), await results(`team=${red.id}`)]).toEqual([4, 3, 1]);
      const gone = await t.http.get(`/accounts/search?team=${blue.id}`);
      expect(gone.status).toBe(422);
      expect(gone.body).toEqual({ detail: [{ loc: ['query', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }] });
    });

    it('gives the exact total of a page past the end, and of a team with no member', async () => {
      const past = await t.http.get('/accounts/search?page=9&per_page=2');
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ page: 9, per_page: 2, pages: 2, results: 4, data: [] });
      const empty = await createTeam('Empty');
      const none = await t.http.get(`/accounts/search?team=${empty.id}`);
      expect(none.body).toEqual({ page: 0, per_page: 20, pages: 0, results: 0, data: [] });
    });
  });

  describe('statements per request stay fixed', () => {
    let team: { id: number; created_at: number };
    let awardId: number;

    beforeAll(async () => {
      await t.reset();
      admin = await t.createApp(APP_PERMISSIONS);
      team = await createTeam('Gold');
      const other = await createTeam('Silver');
      for (let index = 0; index < 30; index += 1) {
        await t.insertAccount({
          id: String(500 + index),
          name: `member ${String(index).padStart(2, '0')}`,
          teamId: index % 2 === 0 ? team.id : other.id,
        });
      }
      const holders = Array.from({ length: 12 }, (_, index) => String(500 + index));
      const award = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: 'Shared', image_url: IMAGE, team: team.id, accounts: holders },
      });
      expect(award.status).toBe(201);
      awardId = award.body.id;
      for (const owner of [team.id, other.id]) {
        const extra = await t.http.post('/awards/new', {
          auth: admin,
          body: { title: `team ${owner}`, image_url: IMAGE, team: owner, accounts: ['501'] },
        });
        expect(extra.status).toBe(201);
      }
    });

    async function statements(
      method: 'get' | 'patch',
      path: string,
      check: (body: any) => void,
      auth?: Credentials,
      body?: unknown,
    ): Promise<number> {
      return counter.count(async () => {
        const response = await t.http[method](path, { auth, body });
        expect(response.status).toBe(200);
        check(response.body);
      });
    }

    it('GET /account/{id}: one statement, with team and awards', async () => {
      const count = await statements('get', '/account/501', (body) => {
        expect(body.awards.map((award: any) => award.title)).toEqual(['Shared', 'team ' + team.id, 'team ' + (team.id + 1)]);
        expect(body.team.awards.map((award: any) => award.title)).toEqual(['team ' + (team.id + 1)]);
      });
      expect(count).toBe(1);
    });

    it('GET /team/{id}: one statement', async () => {
      const count = await statements('get', `/team/${team.id}`, (body) =>
        expect(body).toEqual({
          id: team.id,
          name: 'Gold',
          created_at: team.created_at,
          member_count: 15,
          awards: [
            { id: awardId, title: 'Shared', image_url: IMAGE },
            { id: awardId + 1, title: `team ${team.id}`, image_url: IMAGE },
          ],
        }),
      );
      expect(count).toBe(1);
    });

    it('GET /award/{id}: one statement for twelve awardees, each with team and awards, ordered by name', async () => {
      const direct = await t.http.get(`/account/500`);
      const count = await statements('get', `/award/${awardId}`, (body) => {
        expect(body.award).toEqual({ id: awardId, title: 'Shared', image_url: IMAGE });
        expect(body.awardees.map((account: any) => account.id)).toEqual(Array.from({ length: 12 }, (_, index) => String(500 + index)));
        expect(body.awardees[0]).toEqual(direct.body);
        expect(body.team).toEqual((direct.body as any).team);
      });
      expect(count).toBe(1);
    });

    it('GET /accounts/search and /teams/search: one statement, whatever the page size', async () => {
      const five = await statements('get', '/accounts/search?per_page=5', (body) => expect(body.data).toHaveLength(5));
      const twenty = await statements('get', '/accounts/search?per_page=20', (body) => {
        expect(body.results).toBe(30);
        expect(body.data).toHaveLength(20);
      });
      const filtered = await statements('get', `/accounts/search?q=member&team=${team.id}&per_page=20`, (body) =>
        expect(body.results).toBe(15),
      );
      const teams = await statements('get', '/teams/search?per_page=20', (body) => expect(body.results).toBe(2));
      expect([five, twenty, filtered, teams]).toEqual([1, 1, 1, 1]);
    });

    it('GET /accounts/search of an empty page: its total in a second statement, a team checked before it, an unknown team in two', async () => {
      const past = await statements('get', '/accounts/search?page=9', (body) =>
        expect(body).toEqual({ page: 9, per_page: 20, pages: 2, results: 30, data: [] }),
      );
      const pastOfTeam = await statements('get', `/accounts/search?team=${team.id}&page=9`, (body) =>
        expect(body).toEqual({ page: 9, per_page: 20, pages: 1, results: 15, data: [] }),
      );
      const unknown = await counter.count(async () => {
        const response = await t.http.get('/accounts/search?team=999999');
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [{ loc: ['query', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }] });
      });
      expect([past, pastOfTeam, unknown]).toEqual([2, 3, 2]);
    });

    it('PATCH /account/{id} of name only: one UPDATE, committed on its own on MySQL, and one read, after the credential check, no row locked first', async () => {
      let expected: unknown;
      const count = await statements(
        'patch',
        '/account/502',
        (body) => {
          expected = body;
          expect(body.name).toBe('renamed');
        },
        admin,
        { name: 'renamed' },
      );
      // The credential check, the UPDATE (autocommitted), the read; on SQLite inside START TRANSACTION and COMMIT.
      expect(count).toBe(t.dataSource.options.type === 'mysql' ? 3 : 5);
      expect((await t.http.get('/account/502')).body).toEqual(expected);
    });
  });

  describe('PATCH /account/{id} of profile fields only', () => {
    beforeAll(async () => {
      await t.reset();
      admin = await t.createApp(APP_PERMISSIONS);
      await t.insertAccount({ id: '900', name: 'before', discriminator: '0001', avatarUrl: 'https://cdn.example.com/a.png' });
    });

    it('changes the fields given and answers the Account after the change', async () => {
      const response = await t.http.patch('/account/900', { auth: admin, body: { discriminator: '4242', avatar_url: null } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: '900',
        name: 'before',
        discriminator: '4242',
        avatar_url: null,
        team: null,
        permissions: 0,
        created_at: expect.any(Number),
        awards: [],
      });
      expect((await t.http.get('/account/900')).body).toEqual(response.body);
    });

    it('answers 422 for an unknown account and creates nothing', async () => {
      const response = await t.http.patch('/account/901', { auth: admin, body: { name: 'ghost' } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['path', 'account'], msg: 'Account not found.', type: 'value_error.not_found' }] });
      expect(await results('')).toBe(1);
    });

    it('still needs manage_account_details', async () => {
      const weak = await t.createApp(Permission.ManageAccountTeams, 'teams only');
      const response = await t.http.patch('/account/900', { auth: weak, body: { name: 'nope' } });
      expect(response.status).toBe(403);
      expect((await t.http.get('/account/900')).body.name).toBe('before');
    });
  });
});
