import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';

import { AUTH_REQUIREMENT, type AuthRequirement } from '../../src/common/authenticated.decorator.js';
import type { TestApp } from './test-app.js';

/** One route of the running app, as its controllers declare it. */
export interface Route {
  /** e.g. `PATCH /account/:account` */
  name: string;
  requirement: AuthRequirement | undefined;
}

/** Every route handler of every controller registered in the running app, with its declared auth requirement. */
export function collectRoutes(t: TestApp): Route[] {
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
