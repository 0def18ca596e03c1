import type { ExecutionContext } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';

/**
 * The path a request names, spelled as its route's canonical path: the
 * handler's first declared path (`@Put(['callback/:event', 'callbacks/:event'])`
 * lists the canonical spelling first and its aliases after) with the
 * request's path parameters put in, then the request's query string. A
 * request to an alias, or with a parameter escaped differently, names the
 * same target as one to the canonical path, so an `Idempotency-Key` replays
 * across them (docs/api.md#conventions); a request to the canonical path
 * names its own path as it was sent.
 *
 * @param params the route's decoded path parameters (Fastify's `request.params`).
 * @param url the request's URL as sent (path and query).
 */
export function routeTarget(context: ExecutionContext, params: Readonly<Record<string, string>>, url: string): string {
  const template = routeTemplate(context);
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = url.indexOf('?');
  return query === -1 ? path : path + url.slice(query);
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
