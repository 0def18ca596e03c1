import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's defaults, except that the docs UI (`/docs`) must also load over
 * plain HTTP, behind no TLS proxy: no `upgrade-insecure-requests`.
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = { contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } };

/**
 * Sets helmet's security headers on every answer of `fastify`,
 * errors included: one `onRequest` hook running one helmet middleware built
 * here, once. (The @fastify/helmet plugin builds helmet's middleware anew for
 * every request, about a tenth of the API's CPU on a one-row read.)
 */
export function securityHeaders(fastify: FastifyInstance, options: HelmetOptions = SECURITY_HEADER_OPTIONS): void {
  const middleware = helmet(options);
  fastify.addHook('onRequest', (request, reply, done) => {
    middleware(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
