import { describe, expect, it } from 'vitest';

import { OutboxEventEntity } from '../src/events/outbox-event.entity.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { useProcesses } from './support/delivery-processes.js';
import { OCCURRED_AT } from './support/event-bodies.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * The `sequence` of `account_team_update` events (docs/api.md#events) when several API processes change the same
 * accounts at once on MySQL/MariaDB: each account's events are numbered 1, 2, ... in commit order, with no gap and
 * no duplicate, whichever process committed them.
 */
describe('event sequence across API processes', () => {
  const { t } = useTestApp({ REDIS_URL: undefined }, { resetEach: true });
  const processes = useProcesses();

  it('numbers 36 concurrent moves of two accounts, sent to three API processes, 1..18 per account in commit order', async () => {
    const admin = await t.createApp(APP_PERMISSIONS, 'admin');
    const apis = [t.http, (await processes.api({}, { name: 'api-2' })).http, (await processes.api({}, { name: 'api-3' })).http];
    await t.insertAccount({ id: '801', teamId: null });
    await t.insertAccount({ id: '802', teamId: null });
    const teams: number[] = [];
    for (let i = 0; i < 18; i += 1) teams.push((await t.http.post('/teams/new', { auth: admin, body: { name: `S${i}` } })).body.id);

    // Every PATCH names another team for its account, so each one is a change whatever the order they commit in.
    const moves = teams.flatMap((team, i) => ['801', '802'].map((account, j) => ({ account, team, api: apis[(i * 2 + j) % 3] })));
    const answers = await Promise.all(
      moves.map(({ account, team, api }) => api.patch(`/account/${account}`, { auth: admin, body: { team } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(moves.map(() => 200));

    // Outbox ids are taken in the events' transactions, after the account's counter row is locked: commit order.
    const events = await t.dataSource.manager.find(OutboxEventEntity, { order: { id: 'ASC' } });
    expect(events).toHaveLength(36);
    for (const account of ['801', '802']) {
      const bodies = events.map((event) => JSON.parse(event.payload)).filter((body) => body.account.id === account);
      expect(bodies.map((body) => body.sequence)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
      expect(new Set(bodies.map((body) => body.team.id))).toEqual(new Set(teams));
      for (const body of bodies) {
        expect(body.type).toBe('account_team_update');
        expect(body.occurred_at).toMatch(OCCURRED_AT);
      }
      for (let i = 1; i < bodies.length; i += 1)
        expect(Date.parse(bodies[i].occurred_at)).toBeGreaterThanOrEqual(Date.parse(bodies[i - 1].occurred_at));
      // The last number is the account's state now; its team's member_count is of that commit (the other account may
      // have joined the same team after it).
      const now = (await t.http.get(`/account/${account}`)).body;
      expect(bodies[17].account).toEqual({ ...now, team: { ...now.team, member_count: bodies[17].account.team.member_count } });
    }
  }, 90_000);
});
