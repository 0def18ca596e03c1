import { describe, expect, it } from 'vitest';

import { useTestApp } from './support/use-test-app.js';

/** A 2 KB absolute URL (contract §6: at most 2048 characters). */
function longImageUrl(index: number): string {
  const prefix = `https://img.example.com/${index}/`;
  return prefix + 'x'.repeat(2000 - prefix.length) + '.png';
}

describe('large events on MySQL (contract §8: a request never fails because of delivery)', () => {
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

describe('concurrent writes on MySQL (contract §6: deadlocks are retried, never a 500)', () => {
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
