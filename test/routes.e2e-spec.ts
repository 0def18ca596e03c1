import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { beforeAll, describe, expect, it } from 'vitest';

import { AUTH_REQUIREMENT, type AuthRequirement } from '../src/auth/authenticated.decorator.js';
import type { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

interface Route {
  /** e.g. `PATCH /account/:account` */
  name: string;
  requirement: AuthRequirement | undefined;
}

/** Every route handler of every controller registered in the running app, with its declared auth requirement. */
function collectRoutes(t: TestApp): Route[] {
  const scanner = new MetadataScanner();
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const classRequirement = Reflect.getMetadata(AUTH_REQUIREMENT, type) as AuthRequirement | undefined;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      for (const methodName of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[methodName] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const requirement = (Reflect.getMetadata(AUTH_REQUIREMENT, handler) as AuthRequirement | undefined) ?? classRequirement;
        for (const prefix of prefixes) {
          for (const path of paths) {
            const full = `/${[prefix, path].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
            routes.push({ name: `${RequestMethod[method]} ${full}`, requirement });
          }
        }
      }
    }
  }
  return routes;
}

describe('every route declares its authentication (contract §4, §5)', () => {
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

  it('the public endpoints of contract §5 are public, and the core endpoints that need credentials are not', () => {
    const requirement = (name: string) => routes.find((route) => route.name === name)?.requirement;
    for (const name of ['GET /accounts/signups', 'GET /accounts/search', 'GET /account/:account', 'GET /teams/search', 'GET /team/:team']) {
      expect({ name, requirement: requirement(name) }).toEqual({ name, requirement: { kind: 'public' } });
    }
    for (const name of ['POST /acounts/new', 'POST /accounts/new', 'DELETE /account/:account', 'POST /teams/new', 'PATCH /team/:team', 'DELETE /team/:team', 'POST /auth/create_session', 'POST /auth/reset_token', 'GET /auth/me']) {
      expect({ name, kind: requirement(name)?.kind }).toEqual({ name, kind: 'authenticated' });
    }
  });
});
