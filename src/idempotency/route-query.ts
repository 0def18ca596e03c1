import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { getMetadataStorage } from 'class-validator';

/** The query parameters a route reads: these names, or `all` when its handler could read any. */
export type RouteQuery = ReadonlySet<string> | 'all';

/** A route's parameter as Nest records it (`ROUTE_ARGS_METADATA`, keyed `<RouteParamtypes>:<index>`). */
interface RouteArgument {
  index: number;
  data?: unknown;
}

const NONE: RouteQuery = new Set<string>();
const byHandler = new WeakMap<object, RouteQuery>();

/**
 * The query parameters the route of `context` reads, derived from its
 * handler's parameters (once per handler): `@Query('name')` reads `name`;
 * `@Query() query: SomeDto` reads the fields of that class-validator DTO (the
 * validation pipe drops every other one); a bare `@Query()` of any other type
 * or `@Req()` could read any (`all`). A route without these reads none.
 */
export function routeQuery(context: ExecutionContext): RouteQuery {
  const handler = context.getHandler();
  let reads = byHandler.get(handler);
  if (reads === undefined) {
    reads = readQuery(context.getClass(), handler.name);
    byHandler.set(handler, reads);
  }
  return reads;
}

function readQuery(controller: abstract new (...args: never[]) => unknown, method: string): RouteQuery {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArgument>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, method) ?? []) as unknown[];
  const names = new Set<string>();
  for (const [key, argument] of Object.entries(args)) {
    const kind = Number(key.split(':')[0]);
    if (kind === RouteParamtypes.REQUEST) return 'all';
    if (kind !== RouteParamtypes.QUERY) continue;
    if (typeof argument.data === 'string') {
      names.add(argument.data);
      continue;
    }
    const fields = dtoFields(types[argument.index]);
    if (!fields) return 'all';
    for (const field of fields) names.add(field);
  }
  return names.size === 0 ? NONE : names;
}

/** The validated fields of a class-validator DTO, or `undefined` when `type` is not one (a plain object, a record). */
function dtoFields(type: unknown): string[] | undefined {
  if (typeof type !== 'function' || type === Object) return undefined;
  const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  return rules.length === 0 ? undefined : [...new Set(rules.map((rule) => rule.propertyName))];
}

/**
 * The query parameters of `query` (Fastify's parsed `request.query`) that the
 * route reads, as a query string sorted by name (a repeated name keeps its
 * values in the order sent), percent-encoded as `URLSearchParams` writes it;
 * empty when the route reads none of those sent.
 */
export function canonicalQuery(query: unknown, reads: RouteQuery): string {
  if (reads !== 'all' && reads.size === 0) return '';
  const sorted = new URLSearchParams();
  const entries = Object.entries((query ?? {}) as Record<string, unknown>)
    .filter(([name]) => reads === 'all' || reads.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) sorted.append(name, String(item));
  }
  return sorted.toString();
}
