import { describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { useTestApp } from './support/use-test-app.js';

describe('smoke', () => {
  const { t } = useTestApp();

  it('creates a team and an account with a large id, finds it by search', async () => {
    const admin = await t.createApp(APP_PERMISSIONS);
    const team = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } });
    expect(team.status).toBe(201);
    const created = await t.http.post('/acounts/new', {
      auth: admin,
      rawBody: `{"id": 18446744073709551615, "name": "Ann", "discriminator": "0001", "team": ${team.body.id}}`,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: '18446744073709551615',
      name: 'Ann',
      discriminator: '0001',
      avatar_url: null,
      team: { id: team.body.id, name: 'Red', created_at: team.body.created_at, member_count: 1, awards: [] },
      permissions: 0,
      created_at: expect.any(Number),
      awards: [],
    });
    const search = await t.http.get('/accounts/search?q=an');
    expect(search.status).toBe(200);
    expect(search.body.results).toBe(1);
    expect(search.body.data[0].id).toBe('18446744073709551615');
  });
});
