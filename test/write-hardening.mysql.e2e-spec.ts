import { describe, expect, it } from 'vitest';

import { AccountsRepository } from '../src/accounts/accounts.repository.js';
import { Transactions } from '../src/database/transactions.js';
import { useTestApp } from './support/use-test-app.js';

/** A 2 KB absolute URL (docs/api.md#validation: at most 2048 characters). */
function longImageUrl(index: number): string {
  const prefix = `https://img.example.com/${index}/`;
  return prefix + 'x'.repeat(2000 - prefix.length) + '.png';
}

describe('large events on MySQL (docs/api.md#events: a request never fails because of delivery)', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });

  it('stores the whole event of a change of team and of a team deletion, past 64 KiB', async () => {
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'decorated' } })).body;
    await t.insertAccount({ id: '501' });
    for (let index = 0; index < 300; index++) {
      const given = await t.http.post('/awards/new', {
        auth: admin,
        body: { title: `award ${index}`, image_url: longImageUrl(index), team: team.id, accounts: ['501'] },
      });
      expect(given.status).toBe(201);
    }

    const moved = await t.http.patch('/account/501', { auth: admin, body: { team: team.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.team.awards).toHaveLength(300);

    const deleted = await t.http.delete(`/team/${team.id}`, { auth: admin });
    expect(deleted.status).toBe(204);

    const events: { payload: string }[] = await t.dataSource.query('SELECT payload FROM outbox_events ORDER BY id');
    expect(events).toHaveLength(2);
    const [joined, left] = events.map((event) => JSON.parse(event.payload));
    expect(events[0].payload.length).toBeGreaterThan(3 * 300 * 2000);
    expect(joined.account.awards).toHaveLength(300);
    expect(joined.team.awards).toHaveLength(300);
    expect(joined.team.awards[299].image_url).toBe(longImageUrl(299));
    expect(left.account.team).toBeNull();
    expect(left.team).toBeNull();
  });
});

describe('concurrent writes on MySQL (docs/api.md#validation: deadlocks are retried, never a 500)', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });

  it('answers 32 clients renaming and moving overlapping accounts for 20 s without a 5xx', async () => {
    const teams: number[] = [];
    for (let index = 0; index < 4; index++)
      teams.push((await t.http.post('/teams/new', { auth: admin, body: { name: `team ${index}` } })).body.id);
    const accounts = Array.from({ length: 24 }, (_, index) => String(1000 + index));
    for (const id of accounts) await t.insertAccount({ id, name: `name ${id}` });

    const statuses = new Map<number, number>();
    const until = Date.now() + 20_000;
    const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
    const client = async (index: number): Promise<void> => {
      for (let round = 0; Date.now() < until; round++) {
        const body =
          (index + round) % 2 === 0
            ? { name: `renamed ${index} ${round} ${pick(['alpha', 'beta', 'gamma'])}` }
            : { team: pick([...teams, 0]) };
        const response = await t.http.patch(`/account/${pick(accounts)}`, { auth: admin, body });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, index) => client(index)));

    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(100);
    expect(Object.fromEntries(statuses)).toEqual({ 200: total });
    const counts: { team_id: number; stored: number; actual: number }[] = await t.dataSource.query(
      'SELECT t.id AS team_id, c.accounts AS stored, (SELECT COUNT(*) FROM accounts a WHERE a.team_id = t.id) AS actual FROM teams t LEFT JOIN account_counts c ON c.team_key = t.id',
    );
    for (const count of counts) expect(Number(count.stored ?? 0)).toBe(Number(count.actual));
  }, 60_000);
});

describe('writes into a team being deleted (docs/api.md#conventions: an unknown team is a 422, never a 500)', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });

  it('reports a team gone before the insert or update as missing, writing nothing', async () => {
    const repository = t.app.get(AccountsRepository, { strict: false });
    await t.insertAccount({ id: '601' });
    const inserted = await t.app.get(Transactions).run(() =>
      repository.insert({
        id: '602',
        name: 'B',
        discriminator: '1',
        avatarUrl: null,
        teamId: 999_999,
        permissions: 0,
        createdAt: 1,
      }),
    );
    expect(inserted).toBe('missing-team');
    const updated = await t.app.get(Transactions).run(() => repository.update('601', { teamId: 999_999 }));
    expect(updated).toBe(false);
    expect((await t.http.get('/account/602')).status).toBe(422);
    expect((await t.http.get('/account/601')).body.team).toBeNull();
  });

  it('answers creations and moves racing a team deletion with 201/200 or 422, and keeps member counts exact', async () => {
    for (let round = 0; round < 20; round++) {
      const team = (await t.http.post('/teams/new', { auth: admin, body: { name: `doomed ${round}` } })).body;
      const mover = String(10_000 + round);
      await t.insertAccount({ id: mover });
      const [created, moved, deleted] = await Promise.all([
        t.http.post('/acounts/new', { auth: admin, body: { id: String(20_000 + round), name: 'N', discriminator: '1', team: team.id } }),
        t.http.patch(`/account/${mover}`, { auth: admin, body: { team: team.id } }),
        t.http.delete(`/team/${team.id}`, { auth: admin }),
      ]);
      expect([201, 422]).toContain(created.status);
      expect([200, 422]).toContain(moved.status);
      expect(deleted.status).toBe(204);
      for (const id of [mover, String(20_000 + round)]) {
        const account = await t.http.get(`/account/${id}`);
        if (account.status === 200) expect(account.body.team).toBeNull();
      }
    }
    const [counted] = await t.dataSource.query(
      'SELECT (SELECT COALESCE(SUM(accounts), 0) FROM account_counts) AS kept, (SELECT COUNT(*) FROM accounts) AS actual, ' +
        "(SELECT SUM(total) FROM table_totals WHERE counted = 'accounts') AS total, " +
        "(SELECT SUM(total) FROM table_totals WHERE counted = 'teams') AS teams_total, (SELECT COUNT(*) FROM teams) AS teams",
    );
    expect(Number(counted.kept)).toBe(Number(counted.actual));
    expect(Number(counted.total)).toBe(Number(counted.actual));
    expect(Number(counted.teams_total)).toBe(Number(counted.teams));
  });
});
