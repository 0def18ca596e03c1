import { beforeEach, describe, expect, it } from 'vitest';

import { AwardEntity } from '../src/awards/award.entity.js';
import { AwardeeEntity } from '../src/awards/awardee.entity.js';
import { ACCOUNT_PERMISSIONS, APP_PERMISSIONS, Permission } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { useTestApp } from './support/use-test-app.js';

const IMAGE = 'https://cdn.example.com/gold.png';
const BIG_ID = '18446744073709551615';

/** An app holding every app permission but `manage_awards`. */
const ALL_BUT_AWARDS = APP_PERMISSIONS & ~Permission.ManageAwards;

const notFound = (loc: (string | number)[], resource: string) => ({ loc, msg: `${resource} not found.`, type: 'value_error.not_found' });

describe('awards (docs/api.md#routes-awards)', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: 'admin' });
  let noAwards: Credentials;

  beforeEach(async () => {
    noAwards = await t.createApp(ALL_BUT_AWARDS, 'no-awards');
  });

  async function createTeam(name: string): Promise<{ id: number; name: string; created_at: number }> {
    const response = await t.http.post('/teams/new', { auth: admin, body: { name } });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function createAward(body: Record<string, unknown>): Promise<{ id: number; title: string; image_url: string }> {
    const response = await t.http.post('/awards/new', { auth: admin, body });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function awardRows(): Promise<{ awards: number; awardees: number }> {
    return { awards: await t.dataSource.manager.count(AwardEntity), awardees: await t.dataSource.manager.count(AwardeeEntity) };
  }

  describe('POST /awards/new', () => {
    it('creates the award, gives it to the listed accounts and to the team', async () => {
      const team = await createTeam('Red');
      await t.insertAccount({ id: '1', name: 'Ann', teamId: team.id });
      await t.insertAccount({ id: BIG_ID, name: 'Ben' });
      await t.insertAccount({ id: '3', name: 'Cid' });

      const created = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: '  Gold  ', image_url: IMAGE, team: team.id, accounts: ['1', BIG_ID] },
      });
      expect(created.status).toBe(201);
      const award = { id: created.body.id, title: 'Gold', image_url: IMAGE };
      expect(created.body).toEqual(award);
      expect(award.id).toEqual(expect.any(Number));

      const teamObject = { ...team, member_count: 1, awards: [award] };
      const ann = await t.http.get('/account/1');
      expect(ann.status).toBe(200);
      expect(ann.body).toEqual({
        id: '1',
        name: 'Ann',
        discriminator: '0001',
        avatar_url: null,
        team: teamObject,
        permissions: 0,
        created_at: expect.any(Number),
        awards: [award],
      });
      expect((await t.http.get(`/account/${BIG_ID}`)).body.awards).toEqual([award]);
      expect((await t.http.get('/account/3')).body.awards).toEqual([]);
      const teamResponse = await t.http.get(`/team/${team.id}`);
      expect(teamResponse.status).toBe(200);
      expect(teamResponse.body).toEqual(teamObject);
    });

    it('gives the award once to an id listed several times, in any spelling', async () => {
      const team = await createTeam('Red');
      await t.insertAccount({ id: '7' });
      const response = await t.http.post('/awards/new', {
        auth: admin,
        rawBody: `{"title": "Gold", "image_url": "${IMAGE}", "team": ${team.id}, "accounts": ["7", 7, "007"]}`,
      });
      expect(response.status).toBe(201);
      const details = await t.http.get(`/award/${response.body.id}`);
      expect(details.body.awardees.map((account: { id: string }) => account.id)).toEqual(['7']);
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });
    });

    it('accepts an empty account list (the award goes to the team only)', async () => {
      const team = await createTeam('Red');
      const award = await createAward({ title: 'Team cup', image_url: IMAGE, team: team.id, accounts: [] });
      const details = await t.http.get(`/award/${award.id}`);
      expect(details.body).toEqual({ award, awardees: [], team: { ...team, member_count: 0, awards: [award] } });
    });

    it('accepts 1000 entries, duplicates included, and refuses 1001 (duplicates count)', async () => {
      const team = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      const ok = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: 'Gold', image_url: IMAGE, team: team.id, accounts: Array(1000).fill('1') },
      });
      expect(ok.status).toBe(201);
      const tooMany = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: 'Gold', image_url: IMAGE, team: team.id, accounts: Array(1001).fill('1') },
      });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body).toEqual({
        detail: [{ loc: ['body', 'accounts'], msg: 'ensure this value has at most 1000 items', type: 'value_error.list.max_items' }],
      });
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });
    });

    it('writes nothing when one listed account does not exist (422 naming each unknown entry)', async () => {
      const team = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      await t.insertAccount({ id: '2' });
      const response = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: 'Gold', image_url: IMAGE, team: team.id, accounts: ['1', '404', '2', '405'] },
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [notFound(['body', 'accounts', 1], 'Account'), notFound(['body', 'accounts', 3], 'Account')],
      });
      expect(await awardRows()).toEqual({ awards: 0, awardees: 0 });
      expect((await t.http.get('/account/1')).body.awards).toEqual([]);
      expect((await t.http.get(`/team/${team.id}`)).body.awards).toEqual([]);
    });

    it('refuses an unknown team, 0 included, and reports it with unknown accounts', async () => {
      await t.insertAccount({ id: '1' });
      for (const team of [999, 0]) {
        const response = await t.http.post('/awards/new', {
          auth: admin,
          body: { title: 'Gold', image_url: IMAGE, team, accounts: ['1'] },
        });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [notFound(['body', 'team'], 'Team')] });
      }
      const both = await t.http.post('/awards/new', { auth: admin, body: { title: 'Gold', image_url: IMAGE, team: 999, accounts: ['2'] } });
      expect(both.status).toBe(422);
      expect(both.body).toEqual({ detail: [notFound(['body', 'team'], 'Team'), notFound(['body', 'accounts', 0], 'Account')] });
      expect(await awardRows()).toEqual({ awards: 0, awardees: 0 });
    });

    it('requires all four fields', async () => {
      const response = await t.http.post('/awards/new', { auth: admin, body: {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: ['title', 'image_url', 'team', 'accounts'].map((field) => ({
          loc: ['body', field],
          msg: 'field required',
          type: 'value_error.missing',
        })),
      });
      expect(await awardRows()).toEqual({ awards: 0, awardees: 0 });
    });

    it('refuses wrong types and values out of bounds', async () => {
      const team = await createTeam('Red');
      const valid = { title: 'Gold', image_url: IMAGE, team: team.id, accounts: [] };
      const cases: [Record<string, unknown>, { loc: (string | number)[]; msg: string; type: string }][] = [
        [
          { title: '   ' },
          { loc: ['body', 'title'], msg: 'ensure this value has 1 to 255 characters', type: 'value_error.any_str.length' },
        ],
        [
          { title: 'x'.repeat(256) },
          { loc: ['body', 'title'], msg: 'ensure this value has 1 to 255 characters', type: 'value_error.any_str.length' },
        ],
        [{ title: 5 }, { loc: ['body', 'title'], msg: 'str type expected', type: 'type_error.str' }],
        [
          { image_url: 'ftp://cdn.example.com/a.png' },
          { loc: ['body', 'image_url'], msg: 'invalid or missing URL scheme', type: 'value_error.url' },
        ],
        [{ team: '1' }, { loc: ['body', 'team'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
        [{ accounts: '1' }, { loc: ['body', 'accounts'], msg: 'value is not a valid list', type: 'type_error.list' }],
        [{ accounts: ['abc'] }, { loc: ['body', 'accounts'], msg: 'value is not a valid list of account ids', type: 'type_error.integer' }],
      ];
      for (const [change, item] of cases) {
        const response = await t.http.post('/awards/new', { auth: admin, body: { ...valid, ...change } });
        expect(response.status, JSON.stringify(change)).toBe(422);
        expect(response.body).toEqual({ detail: [item] });
      }
      expect(await awardRows()).toEqual({ awards: 0, awardees: 0 });
    });

    it('needs credentials (401) and manage_awards (403), for apps and users alike', async () => {
      const team = await createTeam('Red');
      const body = { title: 'Gold', image_url: IMAGE, team: team.id, accounts: [] };
      const anonymous = await t.http.post('/awards/new', { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Authentication required.' });
      const app = await t.http.post('/awards/new', { auth: noAwards, body });
      expect(app.status).toBe(403);
      expect(app.body).toEqual({ detail: 'Missing permission: manage_awards.' });
      await t.insertAccount({ id: '1', permissions: ACCOUNT_PERMISSIONS & ~Permission.ManageAwards });
      const user = await t.http.post('/awards/new', { auth: await t.login('1'), body });
      expect(user.status).toBe(403);
      expect(await awardRows()).toEqual({ awards: 0, awardees: 0 });

      await t.insertAccount({ id: '2', permissions: Permission.ManageAwards });
      const allowed = await t.http.post('/awards/new', { auth: await t.login('2'), body });
      expect(allowed.status).toBe(201);
    });
  });

  describe('GET /award/{award}', () => {
    it('returns the award, its awardees ordered by (name, id) and its team, without credentials', async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: '10', name: 'Dan', teamId: blue.id });
      await t.insertAccount({ id: '9', name: 'Dan' });
      await t.insertAccount({ id: '2', name: 'bob' });
      await t.insertAccount({ id: '1', name: 'Bob' });
      await t.insertAccount({ id: '30', name: 'alice', teamId: red.id });
      await t.insertAccount({ id: '40', name: 'Zed' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['10', '9', '2', '1', '30'] });

      const response = await t.http.get(`/award/${award.id}`);
      expect(response.status).toBe(200);
      const redObject = { ...red, member_count: 1, awards: [award] };
      const blueObject = { ...blue, member_count: 1, awards: [] };
      const account = (id: string, name: string, team: unknown) => ({
        id,
        name,
        discriminator: '0001',
        avatar_url: null,
        team,
        permissions: 0,
        created_at: expect.any(Number),
        awards: [award],
      });
      expect(response.body).toEqual({
        award,
        awardees: [
          account('30', 'alice', redObject),
          account('1', 'Bob', null),
          account('2', 'bob', null),
          account('9', 'Dan', null),
          account('10', 'Dan', blueObject),
        ],
        team: redObject,
      });
    });

    it('answers 422 for an unknown award and for a path that is not an integer', async () => {
      const unknown = await t.http.get('/award/12345');
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });
      const zero = await t.http.get('/award/0');
      expect(zero.status).toBe(422);
      expect(zero.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });
      const text = await t.http.get('/award/abc');
      expect(text.status).toBe(422);
      expect(text.body).toEqual({ detail: [{ loc: ['path', 'award'], msg: 'value is not a valid integer', type: 'type_error.integer' }] });
    });
  });

  describe('PATCH /award/{award}', () => {
    it('changes the fields given and keeps the others', async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: '1' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1'] });

      const renamed = await t.http.patch(`/award/${award.id}`, { auth: admin, body: { title: ' Silver ' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ id: award.id, title: 'Silver', image_url: IMAGE });

      const moved = await t.http.patch(`/award/${award.id}`, {
        auth: admin,
        body: { image_url: 'http://img.example.com/s.png', team: blue.id },
      });
      expect(moved.status).toBe(200);
      const changed = { id: award.id, title: 'Silver', image_url: 'http://img.example.com/s.png' };
      expect(moved.body).toEqual(changed);

      const details = await t.http.get(`/award/${award.id}`);
      expect(details.body.award).toEqual(changed);
      expect(details.body.team).toEqual({ ...blue, member_count: 0, awards: [changed] });
      expect((await t.http.get(`/team/${red.id}`)).body.awards).toEqual([]);
      expect((await t.http.get('/account/1')).body.awards).toEqual([changed]);

      const unchanged = await t.http.patch(`/award/${award.id}`, { auth: admin, body: {} });
      expect(unchanged.status).toBe(200);
      expect(unchanged.body).toEqual(changed);
    });

    it('leaves the award without a team for team 0 or null', async () => {
      const red = await createTeam('Red');
      for (const team of [0, null]) {
        const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });
        const response = await t.http.patch(`/award/${award.id}`, { auth: admin, body: { team } });
        expect(response.status).toBe(200);
        expect(response.body).toEqual(award);
        expect((await t.http.get(`/award/${award.id}`)).body).toEqual({ award, awardees: [], team: null });
      }
      expect((await t.http.get(`/team/${red.id}`)).body.awards).toEqual([]);
    });

    it('answers 422 for an unknown award or team, and for null title or image_url, changing nothing', async () => {
      const red = await createTeam('Red');
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });

      const unknownAward = await t.http.patch('/award/999', { auth: admin, body: { title: 'Silver' } });
      expect(unknownAward.status).toBe(422);
      expect(unknownAward.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });

      const unknownTeam = await t.http.patch(`/award/${award.id}`, { auth: admin, body: { title: 'Silver', team: 999 } });
      expect(unknownTeam.status).toBe(422);
      expect(unknownTeam.body).toEqual({ detail: [notFound(['body', 'team'], 'Team')] });

      const both = await t.http.patch('/award/999', { auth: admin, body: { team: 999 } });
      expect(both.status).toBe(422);
      expect(both.body).toEqual({ detail: [notFound(['body', 'team'], 'Team'), notFound(['path', 'award'], 'Award')] });

      const nullTitle = await t.http.patch(`/award/${award.id}`, { auth: admin, body: { title: null, image_url: null } });
      expect(nullTitle.status).toBe(422);
      expect(nullTitle.body).toEqual({
        detail: [
          { loc: ['body', 'title'], msg: 'str type expected', type: 'type_error.str' },
          { loc: ['body', 'image_url'], msg: 'str type expected', type: 'type_error.str' },
        ],
      });

      const text = await t.http.patch('/award/abc', { auth: admin, body: {} });
      expect(text.status).toBe(422);
      expect(text.body).toEqual({ detail: [{ loc: ['path', 'award'], msg: 'value is not a valid integer', type: 'type_error.integer' }] });

      expect((await t.http.get(`/award/${award.id}`)).body).toEqual({
        award,
        awardees: [],
        team: { ...red, member_count: 0, awards: [award] },
      });
    });

    it('needs credentials (401) and manage_awards (403)', async () => {
      const red = await createTeam('Red');
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });
      const anonymous = await t.http.patch(`/award/${award.id}`, { body: { title: 'Silver' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Authentication required.' });
      const forbidden = await t.http.patch(`/award/${award.id}`, { auth: noAwards, body: { title: 'Silver' } });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ detail: 'Missing permission: manage_awards.' });
      expect((await t.http.get(`/award/${award.id}`)).body.award).toEqual(award);
    });
  });

  describe('DELETE /award/{award}', () => {
    it('deletes the award: 204, then gone from the accounts and the team holding it', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1', teamId: red.id });
      const kept = await createAward({ title: 'Kept', image_url: IMAGE, team: red.id, accounts: ['1'] });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1'] });

      const response = await t.http.delete(`/award/${award.id}`, { auth: admin });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');

      const gone = await t.http.get(`/award/${award.id}`);
      expect(gone.status).toBe(422);
      expect(gone.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });
      const account = await t.http.get('/account/1');
      expect(account.body.awards).toEqual([kept]);
      expect(account.body.team.awards).toEqual([kept]);
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });

      const again = await t.http.delete(`/award/${award.id}`, { auth: admin });
      expect(again.status).toBe(422);
      expect(again.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });
    });

    it('needs credentials (401) and manage_awards (403)', async () => {
      const red = await createTeam('Red');
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });
      const anonymous = await t.http.delete(`/award/${award.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Authentication required.' });
      const forbidden = await t.http.delete(`/award/${award.id}`, { auth: noAwards });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ detail: 'Missing permission: manage_awards.' });
      expect((await t.http.get(`/award/${award.id}`)).status).toBe(200);
    });
  });

  describe('PUT /account/{account}/award/{award}', () => {
    it('gives the award (201, no content), then 208 when already held; the award keeps its team', async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: BIG_ID, name: 'Ann', teamId: blue.id });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });

      const given = await t.http.put(`/account/${BIG_ID}/award/${award.id}`, { auth: admin });
      expect(given.status).toBe(201);
      expect(given.text).toBe('');
      const account = await t.http.get(`/account/${BIG_ID}`);
      expect(account.body.awards).toEqual([award]);
      expect(account.body.team).toEqual({ ...blue, member_count: 1, awards: [] });

      const again = await t.http.put(`/account/${BIG_ID}/award/${award.id}`, { auth: admin });
      expect(again.status).toBe(208);
      expect(again.text).toBe('');

      const details = await t.http.get(`/award/${award.id}`);
      expect(details.body.awardees.map((holder: { id: string }) => holder.id)).toEqual([BIG_ID]);
      expect(details.body.team).toEqual({ ...red, member_count: 0, awards: [award] });
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });
    });

    it('gives the award once when the same request arrives many times at once', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });
      const responses = await Promise.all(Array.from({ length: 6 }, () => t.http.put(`/account/1/award/${award.id}`, { auth: admin })));
      expect(responses.map((response) => response.status).sort()).toEqual([201, 208, 208, 208, 208, 208]);
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });
    });

    it('answers 422 naming the unknown account, award or both', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });

      const noAccount = await t.http.put(`/account/2/award/${award.id}`, { auth: admin });
      expect(noAccount.status).toBe(422);
      expect(noAccount.body).toEqual({ detail: [notFound(['path', 'account'], 'Account')] });
      const noAward = await t.http.put('/account/1/award/999', { auth: admin });
      expect(noAward.status).toBe(422);
      expect(noAward.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });
      const neither = await t.http.put('/account/2/award/999', { auth: admin });
      expect(neither.status).toBe(422);
      expect(neither.body).toEqual({ detail: [notFound(['path', 'account'], 'Account'), notFound(['path', 'award'], 'Award')] });
      const badAccount = await t.http.put(`/account/abc/award/${award.id}`, { auth: admin });
      expect(badAccount.status).toBe(422);
      expect(badAccount.body).toEqual({
        detail: [{ loc: ['path', 'account'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
      });
      expect(await awardRows()).toEqual({ awards: 1, awardees: 0 });
    });

    it('needs credentials (401) and manage_awards (403)', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: [] });
      const anonymous = await t.http.put(`/account/1/award/${award.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Authentication required.' });
      const forbidden = await t.http.put(`/account/1/award/${award.id}`, { auth: noAwards });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ detail: 'Missing permission: manage_awards.' });
      const self = await t.http.put(`/account/1/award/${award.id}`, { auth: await t.login('1') });
      expect(self.status).toBe(403);
      expect(await awardRows()).toEqual({ awards: 1, awardees: 0 });
    });
  });

  describe('DELETE /account/{account}/award/{award}', () => {
    it('takes the award (204, no content), then 404 when not held', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      await t.insertAccount({ id: '2' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1', '2'] });

      const taken = await t.http.delete(`/account/1/award/${award.id}`, { auth: admin });
      expect(taken.status).toBe(204);
      expect(taken.text).toBe('');
      expect((await t.http.get('/account/1')).body.awards).toEqual([]);
      expect((await t.http.get('/account/2')).body.awards).toEqual([award]);

      const again = await t.http.delete(`/account/1/award/${award.id}`, { auth: admin });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ detail: 'This account does not hold this award.' });
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });
    });

    it('answers 422 naming the unknown account, award or both', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1'] });

      const noAccount = await t.http.delete(`/account/2/award/${award.id}`, { auth: admin });
      expect(noAccount.status).toBe(422);
      expect(noAccount.body).toEqual({ detail: [notFound(['path', 'account'], 'Account')] });
      const noAward = await t.http.delete('/account/1/award/999', { auth: admin });
      expect(noAward.status).toBe(422);
      expect(noAward.body).toEqual({ detail: [notFound(['path', 'award'], 'Award')] });
      const neither = await t.http.delete('/account/2/award/999', { auth: admin });
      expect(neither.status).toBe(422);
      expect(neither.body).toEqual({ detail: [notFound(['path', 'account'], 'Account'), notFound(['path', 'award'], 'Award')] });
      const badAward = await t.http.delete('/account/1/award/1.5', { auth: admin });
      expect(badAward.status).toBe(422);
      expect(badAward.body).toEqual({
        detail: [{ loc: ['path', 'award'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
      });
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });
    });

    it('needs credentials (401) and manage_awards (403)', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1'] });
      const anonymous = await t.http.delete(`/account/1/award/${award.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Authentication required.' });
      const forbidden = await t.http.delete(`/account/1/award/${award.id}`, { auth: noAwards });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ detail: 'Missing permission: manage_awards.' });
      expect((await t.http.get('/account/1')).body.awards).toEqual([award]);
    });
  });

  describe('deletions elsewhere', () => {
    it('deleting an account removes it from the awardees; a new account with that id holds nothing', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1', name: 'Ann' });
      await t.insertAccount({ id: '2', name: 'Ben' });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1', '2'] });

      expect((await t.http.delete('/account/1', { auth: admin })).status).toBe(204);
      const details = await t.http.get(`/award/${award.id}`);
      expect(details.body.awardees.map((holder: { id: string }) => holder.id)).toEqual(['2']);
      expect(await awardRows()).toEqual({ awards: 1, awardees: 1 });

      await t.insertAccount({ id: '1', name: 'Ann again' });
      expect((await t.http.get('/account/1')).body.awards).toEqual([]);
    });

    it('deleting a team leaves its awards without a team, awardees kept', async () => {
      const red = await createTeam('Red');
      await t.insertAccount({ id: '1', name: 'Ann', teamId: red.id });
      const award = await createAward({ title: 'Gold', image_url: IMAGE, team: red.id, accounts: ['1'] });

      expect((await t.http.delete(`/team/${red.id}`, { auth: admin })).status).toBe(204);
      const details = await t.http.get(`/award/${award.id}`);
      expect(details.status).toBe(200);
      expect(details.body).toEqual({
        award,
        awardees: [
          {
            id: '1',
            name: 'Ann',
            discriminator: '0001',
            avatar_url: null,
            team: null,
            permissions: 0,
            created_at: expect.any(Number),
            awards: [award],
          },
        ],
        team: null,
      });

      const blue = await createTeam('Blue');
      const moved = await t.http.patch(`/award/${award.id}`, { auth: admin, body: { team: blue.id } });
      expect(moved.status).toBe(200);
      expect((await t.http.get(`/award/${award.id}`)).body.team).toEqual({ ...blue, member_count: 0, awards: [award] });
    });
  });

  describe('awards on Account and Team objects', () => {
    it("lists each account's awards and each team's awards by award id in search pages", async () => {
      const red = await createTeam('Red');
      const blue = await createTeam('Blue');
      await t.insertAccount({ id: '1', name: 'Ann', teamId: red.id });
      await t.insertAccount({ id: '2', name: 'Ben', teamId: red.id });
      await t.insertAccount({ id: '3', name: 'Cid' });
      const first = await createAward({ title: 'First', image_url: IMAGE, team: blue.id, accounts: ['1', '2'] });
      const second = await createAward({ title: 'Second', image_url: IMAGE, team: red.id, accounts: ['1'] });
      const third = await createAward({ title: 'Third', image_url: IMAGE, team: red.id, accounts: [] });

      const redObject = { ...red, member_count: 2, awards: [second, third] };
      const blueObject = { ...blue, member_count: 0, awards: [first] };
      const accounts = await t.http.get('/accounts/search');
      expect(accounts.status).toBe(200);
      expect(accounts.body).toEqual({
        page: 0,
        per_page: 20,
        pages: 1,
        results: 3,
        data: [
          {
            id: '1',
            name: 'Ann',
            discriminator: '0001',
            avatar_url: null,
            team: redObject,
            permissions: 0,
            created_at: expect.any(Number),
            awards: [first, second],
          },
          {
            id: '2',
            name: 'Ben',
            discriminator: '0001',
            avatar_url: null,
            team: redObject,
            permissions: 0,
            created_at: expect.any(Number),
            awards: [first],
          },
          {
            id: '3',
            name: 'Cid',
            discriminator: '0001',
            avatar_url: null,
            team: null,
            permissions: 0,
            created_at: expect.any(Number),
            awards: [],
          },
        ],
      });
      const teams = await t.http.get('/teams/search');
      expect(teams.status).toBe(200);
      expect(teams.body).toEqual({ page: 0, per_page: 20, pages: 1, results: 2, data: [blueObject, redObject] });
    });
  });
});
