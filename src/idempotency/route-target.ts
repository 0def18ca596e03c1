import type { ExecutionContext } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';

import { canonicalQuery, routeQuery } from './route-query.js';

/**
 * The target a request names, spelled as its route's canonical path: the
 * handler's first declared path (`@Put(['callback/:event', 'callbacks/:event'])`
 * lists the canonical spelling first and its aliases after) with the
 * request's path parameters put in, then `?` and the query parameters the
 * route reads ({@link routeQuery}), sorted by name ({@link canonicalQuery}),
 * when it was sent any. A request to an alias, with a parameter escaped
 * differently, with its query parameters in another order, or with query
 * parameters the route does not read names the same target, so an
 * `Idempotency-Key` replays across them (docs/api.md#idempotency).
 *
 * @param params the route's decoded path parameters (Fastify's `request.params`).
 * @param query the request's parsed query (Fastify's `request.query`).
 */
export function routeTarget(context: ExecutionContext, params: Readonly<Record<string, string>>, query: unknown): string {
  const template = routeTemplate(context);
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const read = canonicalQuery(query, routeQuery(context));
  return read === '' ? path : `${path}?${read}`;
}

/** `/callback/:event`: the controller's path and the handler's first path, joined. */
function routeTemplate(context: ExecutionContext): string {
  const first = (value: unknown): string => (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '');
  const parts = [
    first(Reflect.getMetadata(PATH_METADATA, context.getClass())),
    first(Reflect.getMetadata(PATH_METADATA, context.getHandler())),
  ];
  return `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part.length > 0)
    .join('/')}`;
}
