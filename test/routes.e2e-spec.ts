import { beforeAll, describe, expect, it } from 'vitest';

import { collectRoutes, type Route } from './support/collect-routes.js';
import { useTestApp } from './support/use-test-app.js';

describe('every route declares its authentication (docs/api.md#authentication, docs/api.md#permissions)', () => {
  const { t } = useTestApp();
  let routes: Route[];
  beforeAll(() => {
    routes = collectRoutes(t);
  });

  it('finds the routes of the app (the walk itself works)', () => {
    const names = routes.map((route) => route.name);
    for (const expected of [
      'GET /accounts/signups',
      'POST /acounts/new',
      'POST /accounts/new',
      'GET /accounts/search',
      'GET /account/:account',
      'PATCH /account/:account',
      'DELETE /account/:account',
      'POST /teams/new',
      'GET /teams/search',
      'GET /team/:team',
      'PATCH /team/:team',
      'DELETE /team/:team',
      'POST /auth/create_session',
      'POST /auth/reset_token',
      'GET /auth/me',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('no route is left without @Public() or @Authenticated(...)', () => {
    const undeclared = routes.filter((route) => route.requirement === undefined).map((route) => route.name);
    expect(undeclared).toEqual([]);
  });

  it('the public endpoints of docs/api.md#permissions are public, and the core endpoints that need credentials are not', () => {
    const requirement = (name: string) => routes.find((route) => route.name === name)?.requirement;
    for (const name of ['GET /accounts/signups', 'GET /accounts/search', 'GET /account/:account', 'GET /teams/search', 'GET /team/:team']) {
      expect({ name, requirement: requirement(name) }).toEqual({ name, requirement: { kind: 'public' } });
    }
    for (const name of [
      'POST /acounts/new',
      'POST /accounts/new',
      'DELETE /account/:account',
      'POST /teams/new',
      'PATCH /team/:team',
      'DELETE /team/:team',
      'POST /auth/create_session',
      'POST /auth/reset_token',
      'GET /auth/me',
    ]) {
      expect({ name, kind: requirement(name)?.kind }).toEqual({ name, kind: 'authenticated' });
    }
  });
});
