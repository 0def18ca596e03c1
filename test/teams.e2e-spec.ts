import { beforeEach, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS, Permission as P } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { useTestApp } from './support/use-test-app.js';

const CHALLENGE = 'Basic realm="accounts"';
const teamNotFound = { detail: [{ loc: ['path', 'team'], msg: 'Team not found.', type: 'value_error.not_found' }] };

describe('teams (docs/api.md#routes-teams)', () => {
  const { t } = useTestApp({}, { resetEach: true });
  let admin: Credentials;
  beforeEach(async () => {
    admin = await t.createApp(APP_PERMISSIONS);
  });

  async function createTeam(name: string): Promise<{ id: number; name: string; created_at: number }> {
    const response = await t.http.post('/teams/new', { auth: admin, body: { name } });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function teamCount(): Promise<number> {
    return (await t.http.get('/teams/search')).body.results;
  }

  describe('POST /teams/new', () => {
    it('201 with the new Team, name trimmed', async () => {
      const response = await t.http.post('/teams/new', { auth: admin, body: { name: '  Red Team ', color: 'ignored' } });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'Red Team',
        created_at: expect.any(Number),
        member_count: 0,
        awards: [],
      });
      expect(Math.abs(response.body.created_at - Date.now() / 1000)).toBeLessThan(60);
      expect((await t.http.get(`/team/${response.body.id}`)).body).toEqual(response.body);
    });

    it('a user with manage_teams may create teams', async () => {
      await t.insertAccount({ id: '1', permissions: P.ManageTeams });
      expect((await t.http.post('/teams/new', { auth: await t.login('1'), body: { name: 'Red' } })).status).toBe(201);
    });

    it('401 without credentials', async () => {
      const response = await t.http.post('/teams/new', { body: { name: 'Red' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect(response.body).toEqual({ detail: 'Authentication required.' });
      expect(await teamCount()).toBe(0);
    });

    it('403 without manage_teams, even with manage_own_team', async () => {
      const app = await t.createApp(APP_PERMISSIONS & ~P.ManageTeams);
      const response = await t.http.post('/teams/new', { auth: app, body: { name: 'Red' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Missing permission: manage_teams.' });
      await t.insertAccount({ id: '1', permissions: P.ManageOwnTeam });
      expect((await t.http.post('/teams/new', { auth: await t.login('1'), body: { name: 'Red' } })).status).toBe(403);
      expect(await teamCount()).toBe(0);
    });

    it.each([
      ['missing', {}, 'value_error.missing'],
      ['null', { name: null }, 'value_error.missing'],
      ['empty', { name: '' }, 'value_error.any_str.length'],
      ['blank', { name: ' \t ' }, 'value_error.any_str.length'],
      ['256 characters', { name: 'x'.repeat(256) }, 'value_error.any_str.length'],
      ['a list', { name: ['Red'] }, 'type_error.str'],
      ['a number', { name: 1 }, 'type_error.str'],
      ['an object', { name: { a: 1 } }, 'type_error.str'],
    ])('422 for a name %s, and nothing is created', async (_what, body, type) => {
      const response = await t.http.post('/teams/new', { auth: admin, body });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body', 'name'], msg: expect.any(String), type }] });
      expect(await teamCount()).toBe(0);
    });

    it('accepts 255 characters after trimming', async () => {
      const name = 'n'.repeat(255);
      const response = await t.http.post('/teams/new', { auth: admin, body: { name: ` ${name} ` } });
      expect(response.status).toBe(201);
      expect(response.body.name).toBe(name);
    });
  });

  describe('GET /teams/search', () => {
    it('lists teams by (name, id) with their member counts', async () => {
      const b2 = await createTeam('beta');
      const a = await createTeam('Alpha');
      const b1 = await createTeam('beta');
      const c = await createTeam('Gamma');
      await t.insertAccount({ id: '1', teamId: a.id });
      await t.insertAccount({ id: '2', teamId: a.id });
      await t.insertAccount({ id: '3', teamId: c.id });
      const response = await t.http.get('/teams/search');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        page: 0,
        per_page: 20,
        pages: 1,
        results: 4,
        data: [
          { id: a.id, name: 'Alpha', created_at: a.created_at, member_count: 2, awards: [] },
          { id: b2.id, name: 'beta', created_at: b2.created_at, member_count: 0, awards: [] },
          { id: b1.id, name: 'beta', created_at: b1.created_at, member_count: 0, awards: [] },
          { id: c.id, name: 'Gamma', created_at: c.created_at, member_count: 1, awards: [] },
        ],
      });
    });

    it('paginates, zero-based; a page past the end is empty', async () => {
      for (const name of ['a', 'b', 'c']) await createTeam(name);
      const names = async (query: string) =>
        (await t.http.get(`/teams/search?${query}`)).body.data.map((team: { name: string }) => team.name);
      expect(await names('per_page=2')).toEqual(['a', 'b']);
      expect(await names('per_page=2&page=1')).toEqual(['c']);
      const past = await t.http.get('/teams/search?per_page=2&page=2');
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ page: 2, per_page: 2, pages: 2, results: 3, data: [] });
    });

    it('q is a case-insensitive substring; % _ \\ match themselves', async () => {
      for (const name of ['Red Dragons', 'redwood', 'Blue', '100% pure', 'snake_case', 'back\\slash', 'plain 100 x', 'snakeXcase'])
        await createTeam(name);
      const names = async (q: string) =>
        (await t.http.get(`/teams/search?q=${encodeURIComponent(q)}`)).body.data.map((team: { name: string }) => team.name);
      expect(await names('RED')).toEqual(['Red Dragons', 'redwood']);
      expect(await names('%')).toEqual(['100% pure']);
      expect(await names('_')).toEqual(['snake_case']);
      expect(await names('\\')).toEqual(['back\\slash']);
      expect(await names('e_c')).toEqual(['snake_case']);
      expect(await names('nobody')).toEqual([]);
      await createTeam('Équipe');
      expect(await names('éQUIPE')).toEqual(['Équipe']);
    });

    it.each(['page=-1', 'page=x', 'per_page=0', 'per_page=101', 'per_page=2.5'])('422 for %s', async (query) => {
      const response = await t.http.get(`/teams/search?${query}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['query', query.split('=')[0]], msg: expect.any(String), type: expect.any(String) }],
      });
    });

    it('422 for a q longer than 255 characters', async () => {
      const response = await t.http.get(`/teams/search?q=${'x'.repeat(256)}`);
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['query', 'q']);
    });

    it('401 with unknown credentials, even though public', async () => {
      const response = await t.http.get('/teams/search', { auth: { username: 'S999', password: 'nope' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    });
  });

  describe('GET /team/{team}', () => {
    it('returns the Team with its member count', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1', teamId: red.id });
      const response = await t.http.get(`/team/${red.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...red, member_count: 1 });
    });

    it.each(['999', '0', '-1', '2147483648', '99999999999999999999999'])('422 not found for %s', async (id) => {
      const response = await t.http.get(`/team/${id}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(teamNotFound);
    });

    it.each(['abc', '1.5', '1e2', '0x10'])('422 for the non-integer id %s', async (id) => {
      const response = await t.http.get(`/team/${id}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [{ loc: ['path', 'team'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
      });
    });
  });

  describe('PATCH /team/{team}', () => {
    it('renames with manage_teams', async () => {
      const red = await createTeam('Red');
      const app = await t.createApp(P.ManageTeams);
      const response = await t.http.patch(`/team/${red.id}`, { auth: app, body: { name: ' Crimson ' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...red, name: 'Crimson' });
      expect((await t.http.get(`/team/${red.id}`)).body.name).toBe('Crimson');
    });

    it('renames with manage_own_team as a member', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1', teamId: red.id, permissions: P.ManageOwnTeam });
      const response = await t.http.patch(`/team/${red.id}`, { auth: await t.login('1'), body: { name: 'Ours' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...red, name: 'Ours', member_count: 1 });
    });

    it('an empty body changes nothing', async () => {
      const red = await createTeam('Red');
      const response = await t.http.patch(`/team/${red.id}`, { auth: admin, body: {} });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(red);
    });

    it('403 with manage_own_team in another team, or as a member without it', async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: '1', teamId: blue.id, permissions: P.ManageOwnTeam });
      await t.insertAccount({ id: '2', teamId: red.id, permissions: 111 & ~P.ManageOwnTeam & ~P.ManageTeams });
      for (const id of ['1', '2']) {
        const response = await t.http.patch(`/team/${red.id}`, { auth: await t.login(id), body: { name: 'Taken' } });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: 'You need manage_teams, or manage_own_team as a member of this team.' });
      }
      const app = await t.createApp(APP_PERMISSIONS & ~P.ManageTeams);
      expect((await t.http.patch(`/team/${red.id}`, { auth: app, body: { name: 'Taken' } })).status).toBe(403);
      expect((await t.http.get(`/team/${red.id}`)).body.name).toBe('Red');
    });

    it('401 without credentials', async () => {
      const red = await createTeam('Red');
      const response = await t.http.patch(`/team/${red.id}`, { body: { name: 'X' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    });

    it('422 for an unknown team', async () => {
      const response = await t.http.patch('/team/999', { auth: admin, body: { name: 'X' } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(teamNotFound);
    });

    it.each([[''], ['  '], ['x'.repeat(256)], [null], [5], [['a']]])('422 for the name %j, and nothing changes', async (name) => {
      const red = await createTeam('Red');
      const response = await t.http.patch(`/team/${red.id}`, { auth: admin, body: { name } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body', 'name'], msg: expect.any(String), type: expect.any(String) }] });
      expect((await t.http.get(`/team/${red.id}`)).body.name).toBe('Red');
    });
  });

  describe('DELETE /team/{team}', () => {
    it('204 with manage_teams; members are left without a team', async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: '1', teamId: red.id });
      await t.insertAccount({ id: '2', teamId: red.id });
      await t.insertAccount({ id: '3', teamId: blue.id });
      const app = await t.createApp(P.ManageTeams);
      const response = await t.http.delete(`/team/${red.id}`, { auth: app });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await t.http.get(`/team/${red.id}`)).body).toEqual(teamNotFound);
      expect((await t.http.get('/account/1')).body.team).toBeNull();
      expect((await t.http.get('/account/2')).body.team).toBeNull();
      expect((await t.http.get('/account/3')).body.team).toEqual({ ...blue, member_count: 1 });
      expect((await t.http.get('/accounts/search?team=0')).body.results).toBe(2);
    });

    it('204 with manage_own_team as a member', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1', teamId: red.id, permissions: P.ManageOwnTeam });
      const member = await t.login('1');
      expect((await t.http.delete(`/team/${red.id}`, { auth: member })).status).toBe(204);
      expect((await t.http.get('/account/1')).body.team).toBeNull();
    });

    it('403 with manage_own_team in another team, and nothing changes', async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: '1', teamId: blue.id, permissions: P.ManageOwnTeam });
      await t.insertAccount({ id: '2', teamId: red.id });
      const response = await t.http.delete(`/team/${red.id}`, { auth: await t.login('1') });
      expect(response.status).toBe(403);
      expect((await t.http.get(`/team/${red.id}`)).body.member_count).toBe(1);
    });

    it('403 for an app without manage_teams', async () => {
      const red = await createTeam('Red');
      const app = await t.createApp(APP_PERMISSIONS & ~P.ManageTeams);
      expect((await t.http.delete(`/team/${red.id}`, { auth: app })).status).toBe(403);
    });

    it('401 without credentials', async () => {
      const red = await createTeam('Red');
      const response = await t.http.delete(`/team/${red.id}`);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect((await t.http.get(`/team/${red.id}`)).status).toBe(200);
    });

    it('racing with members joining it never gives a 500 and leaves no one in a deleted team', async () => {
      const statuses = new Set<number>();
      for (let round = 0; round < 8; round++) {
        await t.reset();
        admin = await t.createApp(APP_PERMISSIONS);
        const red = await createTeam('Red');
        for (let i = 0; i < 4; i++) await t.insertAccount({ id: String(100 + i) });
        const responses = await Promise.all([
          ...[1, 2, 3, 4].map((id) =>
            t.http.post('/acounts/new', { auth: admin, body: { id, name: 'A', discriminator: '1', team: red.id } }),
          ),
          t.http.delete(`/team/${red.id}`, { auth: admin }),
          ...[100, 101, 102, 103].map((id) => t.http.patch(`/account/${id}`, { auth: admin, body: { team: red.id } })),
        ]);
        expect(responses[4].status).toBe(204);
        for (const response of responses) statuses.add(response.status);
        expect((await t.http.get('/accounts/search?team=0')).body.results).toBe((await t.http.get('/accounts/search')).body.results);
      }
      expect([...statuses].filter((status) => ![200, 201, 204, 422].includes(status))).toEqual([]);
    });

    it('422 for an unknown or non-integer team', async () => {
      expect((await t.http.delete('/team/999', { auth: admin })).body).toEqual(teamNotFound);
      const response = await t.http.delete('/team/abc', { auth: admin });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].type).toBe('type_error.integer');
    });
  });
});
