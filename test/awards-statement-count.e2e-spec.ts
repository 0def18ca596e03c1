import { beforeAll, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { StatementCounter } from './support/statement-counter.js';
import { useTestApp } from './support/use-test-app.js';

const IMAGE = 'https://cdn.example.com/award.png';

/**
 * Account and Team objects carry teams, member counts and awards (docs/api.md#objects):
 * a response must load them in a fixed number of SQL statements, however many
 * rows it holds (issue: awards, no N+1 queries).
 */
describe('statements per response do not grow with its size', () => {
  const { t } = useTestApp();
  let admin: Credentials;
  let counter: StatementCounter;
  const teamIds: number[] = [];
  const awardIds: number[] = [];

  beforeAll(async () => {
    counter = new StatementCounter(t.dataSource);
    admin = await t.createApp(APP_PERMISSIONS);
    // 30 accounts in 10 teams; each account holds 3 awards, each team has 2 more.
    for (let team = 0; team < 10; team += 1) {
      const created = await t.http.post('/teams/new', { auth: admin, body: { name: `team ${team}` } });
      teamIds.push(created.body.id);
    }
    const accountIds = Array.from({ length: 30 }, (_, index) => String(1000 + index));
    for (const [index, id] of accountIds.entries()) {
      await t.insertAccount({ id, name: `user ${String(index).padStart(2, '0')}`, teamId: teamIds[index % 10] });
    }
    for (let award = 0; award < 3; award += 1) {
      const created = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: `shared ${award}`, image_url: IMAGE, team: teamIds[award], accounts: accountIds },
      });
      expect(created.status).toBe(201);
      awardIds.push(created.body.id);
    }
    for (const teamId of teamIds) {
      for (let award = 0; award < 2; award += 1) {
        const created = await t.http.post('/awards/new', {
          auth: admin,
          body: { title: `team ${award}`, image_url: IMAGE, team: teamId, accounts: [] },
        });
        expect(created.status).toBe(201);
      }
    }
    const single = await t.http.post('/awards/new', {
      auth: admin,
      body: { title: 'single', image_url: IMAGE, team: teamIds[9], accounts: [accountIds[0]] },
    });
    awardIds.push(single.body.id);
  });

  /** Statements one GET issues, after checking it answers 200 with `check` holding. */
  async function statements(path: string, check: (body: any) => void): Promise<number> {
    return counter.count(async () => {
      const response = await t.http.get(path);
      expect(response.status).toBe(200);
      check(response.body);
    });
  }

  it('counts the statements it is meant to count', async () => {
    expect(await statements('/accounts/search?per_page=1', (body) => expect(body.data).toHaveLength(1))).toBeGreaterThan(0);
  });

  it('GET /accounts/search: a page of 20 accounts costs what a page of 5 does', async () => {
    const five = await statements('/accounts/search?per_page=5', (body) => {
      expect(body.data).toHaveLength(5);
      expect(body.data[4].awards).toHaveLength(3);
      expect(body.data[4].team.awards).toHaveLength(2);
    });
    const twenty = await statements('/accounts/search?per_page=20', (body) => {
      expect(body.data).toHaveLength(20);
      expect(new Set(body.data.map((account: any) => account.team.id)).size).toBe(10);
      expect(body.data.every((account: any) => account.awards.length >= 3 && account.team.member_count === 3)).toBe(true);
    });
    expect(twenty).toBe(five);
  });

  it('GET /teams/search: a page of 10 teams costs what a page of 2 does', async () => {
    const two = await statements('/teams/search?per_page=2', (body) => expect(body.data).toHaveLength(2));
    const ten = await statements('/teams/search?per_page=10', (body) => {
      expect(body.data).toHaveLength(10);
      expect(body.data.every((team: any) => team.member_count === 3 && team.awards.length >= 2)).toBe(true);
    });
    expect(ten).toBe(two);
  });

  it('GET /award/{award}: 30 awardees cost what 1 does', async () => {
    const one = await statements(`/award/${awardIds[3]}`, (body) => expect(body.awardees).toHaveLength(1));
    const thirty = await statements(`/award/${awardIds[0]}`, (body) => {
      expect(body.awardees).toHaveLength(30);
      expect(body.team.id).toBe(teamIds[0]);
    });
    expect(thirty).toBe(one);
  });

  it('GET /team/{team}: a team with 3 awards costs what a team with 2 does', async () => {
    const two = await statements(`/team/${teamIds[5]}`, (body) => expect(body.awards).toHaveLength(2));
    const three = await statements(`/team/${teamIds[0]}`, (body) => expect(body.awards).toHaveLength(3));
    expect(three).toBe(two);
  });
});
