import { describe, expect, it } from 'vitest';

import { Permission as P } from '../src/permissions/permission.js';
import { collectRoutes } from './support/collect-routes.js';
import { snapshot } from './support/database-snapshot.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { useTestApp } from './support/use-test-app.js';

/** docs/api.md#authentication, docs/api.md#permissions, docs/api.md#validation: an authenticated caller without the permission gets 403, and nothing is written. */
describe('forbidden writes change nothing', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });

  it('answers 403 on every write route that declares a permission, to an app holding none, and changes nothing', async () => {
    const team = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
    await t.insertAccount({ id: '5', teamId: team });
    const award = (
      await t.http.post('/awards/new', {
        auth: admin,
        body: { title: 'Star', image_url: 'https://example.com/s.png', team, accounts: ['5'] },
      })
    ).body.id;
    const plain = await t.createApp(NO_PERMISSIONS, 'plain');
    const fill = (path: string) => path.replace(':account', '5').replace(':team', String(team)).replace(':award', String(award));
    const body = {
      id: '77',
      name: 'Changed',
      discriminator: '1',
      title: 'Changed',
      image_url: 'https://example.com/c.png',
      team,
      accounts: ['5'],
    };
    const writes = collectRoutes(t).filter(
      (route) => !route.name.startsWith('GET ') && route.requirement?.kind === 'authenticated' && route.requirement.permission,
    );
    expect(writes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        'POST /auth/create_session',
        'POST /acounts/new',
        'POST /teams/new',
        'POST /awards/new',
        'PATCH /award/:award',
        'DELETE /award/:award',
        'PUT /account/:account/award/:award',
      ]),
    );
    const before = await snapshot(t);
    for (const route of writes) {
      const [method, path] = route.name.split(' ');
      const response = await t.http.request(method, fill(path), { auth: plain, body });
      expect({ route: route.name, status: response.status, body: response.body }).toEqual({
        route: route.name,
        status: 403,
        body: { detail: expect.any(String) },
      });
    }
    // Rules in the services (docs/api.md#permissions): teams, account details, team, permissions, deletion of another account.
    for (const method of ['PATCH', 'DELETE'])
      expect((await t.http.request(method, `/team/${team}`, { auth: plain, body: { name: 'Changed' } })).status).toBe(403);
    for (const change of [{ name: 'Changed' }, { team: 0 }, { grant_permissions: P.ManageTeams }, { revoke_permissions: P.ManageTeams }]) {
      const response = await t.http.patch('/account/5', { auth: plain, body: change });
      expect({ change, status: response.status }).toEqual({ change, status: 403 });
    }
    expect((await t.http.delete('/account/5', { auth: plain })).status).toBe(403);
    expect(await snapshot(t)).toEqual(before);
  });

  it('checks the permission value before the caller (docs/api.md#permissions rule 1): a bad value is 422 even from a caller lacking permissions', async () => {
    await t.insertAccount({ id: '6' });
    // May create accounts (manage_account_details) but not grant permissions (no manage_permissions).
    const plain = await t.createApp(P.ManageAccountDetails, 'no grants');
    const before = await snapshot(t);
    for (const [field, value] of [
      ['grant_permissions', 128],
      ['revoke_permissions', -1],
      ['grant_permissions', 2 ** 40],
    ] as const) {
      const response = await t.http.patch('/account/6', { auth: plain, body: { [field]: value } });
      expect({ field, value, status: response.status, loc: response.body.detail?.[0]?.loc }).toEqual({
        field,
        value,
        status: 422,
        loc: ['body', field],
      });
    }
    const created = await t.http.post('/acounts/new', { auth: plain, body: { id: '7', name: 'n', discriminator: '1', permissions: 256 } });
    expect({ status: created.status, loc: created.body.detail?.[0]?.loc }).toEqual({ status: 422, loc: ['body', 'permissions'] });
    expect(await snapshot(t)).toEqual(before);
  });
});
