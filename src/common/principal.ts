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
 * Whoever a request authenticated as, as plain ids and permission bits: what
 * the permission policies (`permissions/`) decide on.
 */
export type Principal = AppPrincipal | UserPrincipal;

/** True when `principal` is the account `accountId` itself. */
export function isSelf(principal: Principal, accountId: string): boolean {
  return principal.kind === 'user' && principal.accountId === accountId;
}

/** True when `principal` is a user who belongs to team `teamId` (a real team, not "none"). */
export function isMemberOf(principal: Principal, teamId: number | null): boolean {
  return principal.kind === 'user' && teamId !== null && principal.teamId === teamId;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard when the request carried valid credentials. */
    principal?: Principal;
  }
}
