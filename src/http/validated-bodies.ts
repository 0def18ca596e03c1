import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { type INestApplicationContext } from '@nestjs/common';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';

/** The methods whose body the service reads (docs/api.md#conventions). */
const BODY_METHODS = new Set([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH]);

/** One route handler of a controller: its name (`PATCH /account/:account`), class and method. */
export interface ControllerRoute {
  readonly name: string;
  readonly method: RequestMethod;
  readonly controller: Type;
  readonly handler: string;
}

/** Every route of `controllers`, once per path (a route with aliases is listed under each). */
export function controllerRoutes(controllers: readonly Type[]): ControllerRoute[] {
  const scanner = new MetadataScanner();
  const routes: ControllerRoute[] = [];
  for (const controller of controllers) {
    const prefixes = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '');
    for (const handler of scanner.getAllMethodNames(controller.prototype as object)) {
      const method = Reflect.getMetadata(METHOD_METADATA, (controller.prototype as Record<string, object>)[handler]) as
        RequestMethod | undefined;
      if (method === undefined) continue;
      const paths = ([] as string[]).concat(
        (Reflect.getMetadata(PATH_METADATA, (controller.prototype as Record<string, object>)[handler]) as string | string[] | undefined) ??
          '',
      );
      for (const prefix of prefixes) {
        for (const path of paths) {
          const full = `/${[prefix, path].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
          routes.push({ name: `${RequestMethod[method]} ${full}`, method, controller, handler });
        }
      }
    }
  }
  return routes;
}

/** The controller classes registered in the running application. */
export function appControllers(app: INestApplicationContext): Type[] {
  return [...app.get(ModulesContainer).values()].flatMap((module) =>
    [...module.controllers.values()].flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type] : [])),
  );
}

/**
 * Why `route`'s body reaches it unvalidated, or undefined when it does not: a `POST`, `PUT` or `PATCH`
 * handler's `@Body()` parameter must be typed as a class with class-validator decorators (its
 * `design:paramtypes` entry), since the validation pipe checks nothing of a type literal, an interface, `any`
 * or an undecorated class, and strips every field of the last. A part of the body (`@Body('name')`) is refused
 * too. A route that reads no body has no `@Body()` parameter.
 */
export function unvalidatedBody(route: ControllerRoute): string | undefined {
  if (!BODY_METHODS.has(route.method)) return undefined;
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.handler) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', route.controller.prototype as object, route.handler) ?? []) as unknown[];
  for (const [key, { index, data }] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
    const where = `${route.name} (${route.controller.name}.${route.handler}, parameter ${index})`;
    if (data !== undefined)
      return `${where}: @Body('${String(data)}') reads a part of the body unvalidated; take the whole body as a DTO class`;
    const type = types[index];
    if (typeof type !== 'function' || type === Object || !isValidatedClass(type as Type)) {
      const name = typeof type === 'function' ? type.name : String(type);
      return `${where}: the body's type (${name}) is not a class with class-validator decorators`;
    }
  }
  return undefined;
}

/** Whether class-validator knows a rule of `type` (its own or inherited). */
function isValidatedClass(type: Type): boolean {
  return getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0;
}

/**
 * Refuses to start an application with a write route whose body is not validated ({@link unvalidatedBody}),
 * naming each such route (docs/module-reference.md#request-bodies).
 *
 * @throws Error listing the routes.
 */
export function assertValidatedBodies(app: INestApplicationContext): void {
  const problems = controllerRoutes(appControllers(app)).flatMap((route) => unvalidatedBody(route) ?? []);
  if (problems.length > 0) throw new Error(`Unvalidated request bodies:\n- ${[...new Set(problems)].join('\n- ')}`);
}
