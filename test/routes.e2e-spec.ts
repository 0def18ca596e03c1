import { Body, Controller, Delete, Patch, Post, Put, RequestMethod } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsString, MaxLength } from 'class-validator';
import { beforeAll, describe, expect, it } from 'vitest';

import { IDEMPOTENT_WRITE } from '../src/idempotency/idempotent-write.options.js';
import { appControllers, assertValidatedBodies, controllerRoutes, unvalidatedBody } from '../src/http/validated-bodies.js';
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

/**
 * Write routes without `@IdempotentWrite`, each for a reason docs/api.md#idempotency gives: a `DELETE` needs no
 * key (its retry finds nothing left to delete), and the routes that issue credentials answer a token the service
 * never stores, so there is nothing to replay.
 */
const NOT_KEYED = {
  DELETE: 'a DELETE needs no key (docs/api.md#idempotency)',
  'POST /auth/idp': 'issues a credential the service never stores',
  'POST /auth/create_session': 'issues a credential the service never stores',
  'POST /auth/reset_token': 'issues a credential the service never stores',
} as const;

describe('every write route validates its body and takes an Idempotency-Key (docs/module-reference.md#request-bodies)', () => {
  const { t } = useTestApp();

  it('the app has no POST, PUT or PATCH route whose body is not a validated class (else it would not have started)', () => {
    const routes = controllerRoutes(appControllers(t.app));
    expect(routes.filter((route) => route.method === RequestMethod.POST).length).toBeGreaterThan(5);
    expect(routes.flatMap((route) => unvalidatedBody(route) ?? [])).toEqual([]);
    expect(() => assertValidatedBodies(t.app)).not.toThrow();
  });

  it('every POST, PUT and PATCH route is @IdempotentWrite, but for the documented exceptions', () => {
    const unkeyed = controllerRoutes(appControllers(t.app))
      .filter((route) => [RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE].includes(route.method))
      .filter(
        (route) =>
          Reflect.getMetadata(IDEMPOTENT_WRITE, (route.controller.prototype as Record<string, object>)[route.handler]) === undefined,
      )
      .map((route) => route.name)
      .filter((name) => !(name in NOT_KEYED) && !name.startsWith('DELETE '));
    expect(unkeyed).toEqual([]);
  });

  it('names each route whose body is a type literal, an interface, any, an undecorated class or a part of the body', async () => {
    class Undecorated {
      name: string;
    }
    class Validated {
      @IsString()
      @MaxLength(255)
      name: string;
    }
    interface Shape {
      name: string;
    }
    @Controller('badges')
    class BadgesController {
      @Post('literal')
      literal(@Body() body: { name: string }) {
        return body;
      }
      @Put('shape')
      shape(@Body() body: Shape) {
        return body;
      }
      @Patch('any')
      loose(@Body() body: any) {
        return body as unknown;
      }
      @Post('undecorated')
      undecorated(@Body() body: Undecorated) {
        return body;
      }
      @Post('part')
      part(@Body('name') name: string) {
        return name;
      }
      @Post('validated')
      validated(@Body() body: Validated) {
        return body;
      }
      @Post('bodiless')
      bodiless() {
        return 1;
      }
      @Delete('gone')
      gone(@Body() body: { name: string }) {
        return body;
      }
    }
    const problems = controllerRoutes([BadgesController]).map((route) => unvalidatedBody(route));
    expect(problems).toEqual([
      "POST /badges/literal (BadgesController.literal, parameter 0): the body's type (Object) is not a class with class-validator decorators",
      "PUT /badges/shape (BadgesController.shape, parameter 0): the body's type (Object) is not a class with class-validator decorators",
      "PATCH /badges/any (BadgesController.loose, parameter 0): the body's type (Object) is not a class with class-validator decorators",
      "POST /badges/undecorated (BadgesController.undecorated, parameter 0): the body's type (Undecorated) is not a class with class-validator decorators",
      "POST /badges/part (BadgesController.part, parameter 0): @Body('name') reads a part of the body unvalidated; take the whole body as a DTO class",
      undefined,
      undefined,
      undefined,
    ]);
    // At start-up (createHttpApp), the same check refuses the application, naming the routes.
    const module = await Test.createTestingModule({ controllers: [BadgesController] }).compile();
    expect(() => assertValidatedBodies(module)).toThrow(
      /^Unvalidated request bodies:\n- POST \/badges\/literal \(BadgesController\.literal, parameter 0\): .*\n- PUT \/badges\/shape /,
    );
    await module.close();
  });
});
