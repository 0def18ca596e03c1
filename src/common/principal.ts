/** An app authenticated with its token (docs/api.md#authentication). */
export interface AppPrincipal {
  readonly kind: 'app';
  readonly permissions: number;
  readonly appId: number;
}

/** A user authenticated with a session token; `permissions` are the account's (docs/api.md#authentication, docs/api.md#permissions). */
export interface UserPrincipal {
  readonly kind: 'user';
  readonly permissions: number;
  readonly accountId: string;
  readonly teamId: number | null;
  readonly sessionId: number;
}

/**
 * Whoever a request authenticated as, as plain ids and permission bits; usable
 * wherever a permission policy's `Caller` is.
 */
export type Principal = AppPrincipal | UserPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard when the request carried valid credentials. */
    principal?: Principal;
  }
}
